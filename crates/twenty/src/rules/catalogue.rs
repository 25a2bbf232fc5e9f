//! The catalogue's rules (T1, T10, T12): reading and checking a table file of keys and traits,
//! merging a GM's additions, the traits a character's keys unlock, an elite key's prerequisites, and
//! the command that adds a trait of the table's own (`define_trait`).
//!
//! [`Catalogue::book`] is the book's catalogue; [`Catalogue::parse`] reads a GM's table file in the same
//! TOML format and [`Catalogue::merge`] adds it (T12: GM-made keys and traits are allowed; a name that is
//! already taken is refused). Names are matched ignoring ASCII case ("swords" finds "Swords"), as sheets
//! match them. Pure: the book's file is compiled in; nothing is read at run time.

use super::checks::text;
use crate::error::{CatalogueError, Error};
use crate::limits::{
    MAX_BOXES, MAX_CATALOGUE_BYTES, MAX_KEY_ENTRIES, MAX_KEYS, MAX_NAME_CHARS, MAX_TEXT_CHARS,
    MAX_TRAIT_DEFS,
};
use crate::model::{BOOK_TOML, Catalogue, CatalogueFile, Event, KeyKind, State};
use std::sync::OnceLock;

/// `define_trait`: the table adds a trait of its own, `name` with `description`, open to every
/// character or not (T12: GM-made traits are allowed).
///
/// # Errors
/// [`Error::TextLength`] for a name or description out of bounds; [`Error::TraitOnList`] for a
/// name already on the list.
pub(super) fn define_trait(
    state: &State,
    name: &str,
    description: &str,
    open: bool,
) -> Result<Vec<Event>, Error> {
    text("name", "the trait's name", name, MAX_NAME_CHARS)?;
    text(
        "description",
        "what the trait covers",
        description,
        MAX_TEXT_CHARS,
    )?;
    if state.catalogue.trait_def(name).is_some() {
        return Err(Error::TraitOnList {
            name: name.to_string(),
        });
    }
    Ok(vec![Event::TraitDefined {
        name: name.to_string(),
        description: description.to_string(),
        open,
    }])
}

impl TryFrom<CatalogueFile> for Catalogue {
    type Error = CatalogueError;

    fn try_from(file: CatalogueFile) -> Result<Self, CatalogueError> {
        let catalogue = Catalogue {
            keys: file.keys,
            traits: file.traits,
            open: file.open,
        };
        catalogue.check()?;
        Ok(catalogue)
    }
}

impl Catalogue {
    /// The book's catalogue: 4 skeleton keys (Warrior, Explorer, Scholar, Noble), 7 elite keys (Paladin,
    /// Priest, Sorcerer, Thief, Scion, Druid, Archer), 54 traits and 7 open traits (Strong, Smart, Wise,
    /// Sneaky, Stubborn, Beautiful, Friendly), from [`BOOK_TOML`] (T12).
    ///
    /// Never panics. The compiled-in file is checked by the crate's tests (`the_book_file_parses`);
    /// should it ever fail to read, the fallback is the empty catalogue, which a test would catch first.
    pub fn book() -> Catalogue {
        static BOOK: OnceLock<Catalogue> = OnceLock::new();
        BOOK.get_or_init(|| Catalogue::parse(BOOK_TOML).unwrap_or_default())
            .clone()
    }

    /// Reads a table file: the format of `data/keys.toml` (`open = [...]`, then `[[keys]]` with `name`,
    /// `kind`, optional `description`, `prerequisites = [{ trait, boxes }]`, `minor_goals`, `major_goals`,
    /// `traits`; `[[traits]]` with `name` and optional `description`). Every field but `name` and `kind`
    /// may be left out.
    ///
    /// # Errors
    /// [`CatalogueError::TooLarge`] beyond [`MAX_CATALOGUE_BYTES`]; [`CatalogueError::Toml`] for
    /// bad TOML or an unknown field; [`CatalogueError::NameLength`] for a blank or too long name (1
    /// to [`MAX_NAME_CHARS`] characters, no leading or trailing spaces);
    /// [`CatalogueError::TextLength`] for a text over [`MAX_TEXT_CHARS`];
    /// [`CatalogueError::PrerequisiteBoxes`] for a prerequisite's boxes outside 1 to [`MAX_BOXES`]
    /// (a sheet's bounds); [`CatalogueError::Count`] for too many entries ([`MAX_KEYS`],
    /// [`MAX_TRAIT_DEFS`], [`MAX_KEY_ENTRIES`]); [`CatalogueError::Field`] for a skeleton key with
    /// prerequisites, an elite key without, or a name listed twice in one key's list;
    /// [`CatalogueError::Clash`] for a name given twice.
    pub fn parse(text: &str) -> Result<Catalogue, CatalogueError> {
        if text.len() > MAX_CATALOGUE_BYTES {
            return Err(CatalogueError::TooLarge {
                bytes: text.len(),
                limit: MAX_CATALOGUE_BYTES,
            });
        }
        let file: CatalogueFile = toml::from_str(text)
            .map_err(|e| CatalogueError::Toml(e.to_string().trim().to_owned()))?;
        Catalogue::try_from(file)
    }

    /// Adds a GM's keys, traits and open traits (T12), after this catalogue's own, in their order.
    ///
    /// # Errors
    /// [`CatalogueError::Clash`] naming the first key, trait or open trait of `other` whose name
    /// (ignoring ASCII case) is already here; [`CatalogueError::Count`] when the result would pass
    /// [`MAX_KEYS`] or [`MAX_TRAIT_DEFS`]. On error `self` is unchanged.
    pub fn merge(&mut self, other: Catalogue) -> Result<(), CatalogueError> {
        if let Some(k) = other.keys.iter().find(|k| self.key(&k.name).is_some()) {
            return Err(CatalogueError::Clash {
                what: "key",
                name: k.name.clone(),
            });
        }
        if let Some(t) = other
            .traits
            .iter()
            .find(|t| self.trait_def(&t.name).is_some())
        {
            return Err(CatalogueError::Clash {
                what: "trait",
                name: t.name.clone(),
            });
        }
        if let Some(o) = other.open.iter().find(|o| self.is_open(o)) {
            return Err(CatalogueError::Clash {
                what: "open trait",
                name: o.clone(),
            });
        }
        check_count("keys", self.keys.len() + other.keys.len(), MAX_KEYS)?;
        check_count(
            "traits",
            self.traits.len() + other.traits.len(),
            MAX_TRAIT_DEFS,
        )?;
        check_count("open", self.open.len() + other.open.len(), MAX_TRAIT_DEFS)?;
        self.keys.extend(other.keys);
        self.traits.extend(other.traits);
        self.open.extend(other.open);
        Ok(())
    }

    /// The traits a character with `keys` may take (T1, T10): each key's unlocked traits in key order,
    /// then the open traits, each name once (ignoring ASCII case), spelled as the catalogue spells it.
    /// A name that is not a key of this catalogue unlocks nothing (check keys with [`Catalogue::key`]).
    pub fn unlocked_by(&self, keys: &[String]) -> Vec<String> {
        let mut unlocked: Vec<String> = Vec::new();
        let from_keys = keys
            .iter()
            .filter_map(|k| self.key(k))
            .flat_map(|k| k.traits.iter());
        for name in from_keys.chain(self.open.iter()) {
            if !unlocked.iter().any(|u| u.eq_ignore_ascii_case(name)) {
                unlocked.push(name.clone());
            }
        }
        unlocked
    }

    /// Whether a character holding `traits` (name, boxes checked or not) may take the key `key` (T10):
    /// every prerequisite trait present (ignoring ASCII case) with at least its boxes. A skeleton key is
    /// always met. A trait listed twice counts with its larger number of boxes.
    ///
    /// # Errors
    /// The prerequisites not met, in the key's order, each as `"Divinity 2 (has 1)"` or
    /// `"Oath 1 (has none)"`; for a name that is not a key, the single entry
    /// `"no key named \"Foo\" in the catalogue"`.
    pub fn prerequisites_met(
        &self,
        key: &str,
        traits: &[(String, u32)],
    ) -> Result<(), Vec<String>> {
        let Some(def) = self.key(key) else {
            return Err(vec![format!("no key named {key:?} in the catalogue")]);
        };
        let missing: Vec<String> = def
            .prerequisites
            .iter()
            .filter_map(|p| {
                let has = traits
                    .iter()
                    .filter(|(name, _)| name.eq_ignore_ascii_case(&p.trait_name))
                    .map(|(_, boxes)| *boxes)
                    .max();
                match has {
                    Some(boxes) if boxes >= p.boxes => None,
                    Some(boxes) => Some(format!("{} {} (has {boxes})", p.trait_name, p.boxes)),
                    None => Some(format!("{} {} (has none)", p.trait_name, p.boxes)),
                }
            })
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(missing)
        }
    }

    /// Every rule of [`Catalogue::parse`] but the size of the text.
    fn check(&self) -> Result<(), CatalogueError> {
        check_count("keys", self.keys.len(), MAX_KEYS)?;
        check_count("traits", self.traits.len(), MAX_TRAIT_DEFS)?;
        check_count("open", self.open.len(), MAX_TRAIT_DEFS)?;
        for (i, key) in self.keys.iter().enumerate() {
            check_name(&format!("keys[{i}].name"), &key.name)?;
            let at = format!("keys.{}", key.name);
            check_text(&format!("{at}.description"), &key.description)?;
            for (list, field) in [
                (&key.minor_goals, "minor_goals"),
                (&key.major_goals, "major_goals"),
            ] {
                check_count(&format!("{at}.{field}"), list.len(), MAX_KEY_ENTRIES)?;
                for (j, goal) in list.iter().enumerate() {
                    check_text(&format!("{at}.{field}[{j}]"), goal)?;
                }
            }
            check_count(&format!("{at}.traits"), key.traits.len(), MAX_KEY_ENTRIES)?;
            for (j, name) in key.traits.iter().enumerate() {
                check_name(&format!("{at}.traits[{j}]"), name)?;
            }
            check_listed_once(&format!("{at}.traits"), key.traits.iter())?;
            let field = format!("{at}.prerequisites");
            check_count(&field, key.prerequisites.len(), MAX_KEY_ENTRIES)?;
            match (key.kind, key.prerequisites.len()) {
                (KeyKind::Skeleton, n) if n > 0 => {
                    return Err(CatalogueError::Field {
                        field,
                        value: skald_core::noun(n, "entry", "entries"),
                        problem: "a skeleton key has no prerequisites; make it kind = \"elite\""
                            .to_owned(),
                    });
                }
                (KeyKind::Elite, 0) => {
                    return Err(CatalogueError::Field {
                        field,
                        value: "[]".to_owned(),
                        problem: "an elite key has at least one prerequisite; make it kind = \
                                  \"skeleton\""
                            .to_owned(),
                    });
                }
                _ => {}
            }
            for (j, p) in key.prerequisites.iter().enumerate() {
                check_name(&format!("{field}[{j}].trait"), &p.trait_name)?;
                if !(1..=MAX_BOXES).contains(&p.boxes) {
                    return Err(CatalogueError::PrerequisiteBoxes {
                        field: format!("{field}[{j}].boxes"),
                        value: p.boxes,
                        min: 1,
                        max: MAX_BOXES,
                    });
                }
            }
            check_listed_once(&field, key.prerequisites.iter().map(|p| &p.trait_name))?;
        }
        for (i, t) in self.traits.iter().enumerate() {
            check_name(&format!("traits[{i}].name"), &t.name)?;
            check_text(&format!("traits.{}.description", t.name), &t.description)?;
        }
        for (i, name) in self.open.iter().enumerate() {
            check_name(&format!("open[{i}]"), name)?;
        }
        check_unique("key", self.keys.iter().map(|k| &k.name))?;
        check_unique("trait", self.traits.iter().map(|t| &t.name))?;
        check_unique("open trait", self.open.iter())?;
        Ok(())
    }
}

fn check_count(field: &str, count: usize, limit: usize) -> Result<(), CatalogueError> {
    if count > limit {
        return Err(CatalogueError::Count {
            field: field.to_owned(),
            count,
            max: limit,
        });
    }
    Ok(())
}

fn check_name(field: &str, name: &str) -> Result<(), CatalogueError> {
    let chars = name.chars().count();
    if name.trim().is_empty() || chars > MAX_NAME_CHARS || name.trim() != name {
        return Err(CatalogueError::NameLength {
            field: field.to_owned(),
            value: name.to_owned(),
            chars,
            min: 1,
            max: MAX_NAME_CHARS,
        });
    }
    Ok(())
}

fn check_text(field: &str, text: &str) -> Result<(), CatalogueError> {
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Err(CatalogueError::TextLength {
            field: field.to_owned(),
            chars,
            max: MAX_TEXT_CHARS,
        });
    }
    Ok(())
}

/// The first name given twice (ignoring ASCII case) in `names`, as a [`CatalogueError::Clash`].
fn check_unique<'a>(
    what: &'static str,
    names: impl Iterator<Item = &'a String>,
) -> Result<(), CatalogueError> {
    let mut seen: Vec<&String> = Vec::new();
    for name in names {
        if seen.iter().any(|s| s.eq_ignore_ascii_case(name)) {
            return Err(CatalogueError::Clash {
                what,
                name: name.clone(),
            });
        }
        seen.push(name);
    }
    Ok(())
}

/// The first name listed twice (ignoring ASCII case) in one key's list, as a [`CatalogueError::Field`].
fn check_listed_once<'a>(
    field: &str,
    names: impl Iterator<Item = &'a String>,
) -> Result<(), CatalogueError> {
    match check_unique("name", names) {
        Err(CatalogueError::Clash { name, .. }) => Err(CatalogueError::Field {
            field: field.to_owned(),
            value: format!("{name:?}"),
            problem: "is listed twice (names are unique, ignoring case)".to_owned(),
        }),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| (*s).to_owned()).collect()
    }

    fn has(traits: &[(&str, u32)]) -> Vec<(String, u32)> {
        traits.iter().map(|(n, b)| ((*n).to_owned(), *b)).collect()
    }

    /// One table-file case: `text` parses to a catalogue, or fails with exactly `expected`'s message.
    fn check(text: &str, expected: Result<(), &str>) {
        match (Catalogue::parse(text), expected) {
            (Ok(_), Ok(())) => {}
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message, "{text}"),
            (got, want) => panic!("{text}\n got {got:?}\nwant {want:?}"),
        }
    }

    #[test]
    fn the_book_file_parses() {
        let parsed = Catalogue::parse(BOOK_TOML);
        assert!(parsed.is_ok(), "{parsed:?}");
        assert_eq!(parsed.ok(), Some(Catalogue::book()));
    }

    #[test]
    fn the_books_keys_in_order_with_their_kinds() {
        let book = Catalogue::book();
        let names: Vec<(&str, KeyKind)> = book
            .keys()
            .iter()
            .map(|k| (k.name.as_str(), k.kind))
            .collect();
        use KeyKind::{Elite, Skeleton};
        assert_eq!(
            names,
            [
                ("Warrior", Skeleton),
                ("Explorer", Skeleton),
                ("Scholar", Skeleton),
                ("Noble", Skeleton),
                ("Paladin", Elite),
                ("Priest", Elite),
                ("Sorcerer", Elite),
                ("Thief", Elite),
                ("Scion", Elite),
                ("Druid", Elite),
                ("Archer", Elite),
            ]
        );
        assert_eq!(
            book.skeleton_keys(),
            strings(&["Warrior", "Explorer", "Scholar", "Noble"])
        );
        assert_eq!(book.traits().len(), 54);
    }

    #[test]
    fn the_books_prerequisites() {
        let book = Catalogue::book();
        let prerequisites = |key: &str| -> Vec<(String, u32)> {
            book.key(key)
                .map(|k| {
                    k.prerequisites
                        .iter()
                        .map(|p| (p.trait_name.clone(), p.boxes))
                        .collect()
                })
                .unwrap_or_default()
        };
        let cases: [(&str, &[(&str, u32)]); 11] = [
            ("Warrior", &[]),
            ("Explorer", &[]),
            ("Scholar", &[]),
            ("Noble", &[]),
            (
                "Paladin",
                &[("Divinity", 2), ("Arms", 2), ("Oath", 1), ("Mission", 2)],
            ),
            (
                "Priest",
                &[("Divinity", 2), ("Knowledge", 4), ("Religion", 1)],
            ),
            ("Sorcerer", &[("Knowledge", 4), ("Dark Pact", 2)]),
            ("Thief", &[("Troubled Past", 1), ("Sneaky", 2)]),
            (
                "Scion",
                &[("Leader", 2), ("Land-bonded", 6), ("Divinity", 2)],
            ),
            ("Druid", &[("Nature", 4), ("Gaia", 4)]),
            ("Archer", &[("Bows", 4)]),
        ];
        for (key, expected) in cases {
            assert_eq!(prerequisites(key), has(expected), "{key}");
            // Every prerequisite names a trait the book describes.
            for (name, _) in expected {
                assert!(book.trait_def(name).is_some(), "{key}: {name}");
            }
        }
    }

    #[test]
    fn the_books_unlocked_traits_and_blanks() {
        let book = Catalogue::book();
        let traits = |key: &str| book.key(key).map(|k| k.traits.clone()).unwrap_or_default();
        let cases: [(&str, &[&str]); 11] = [
            (
                "Warrior",
                &[
                    "Arms",
                    "Bows",
                    "Crossbows",
                    "Knives",
                    "Marching",
                    "Polearms",
                    "Swords",
                    "Warfare",
                ],
            ),
            (
                "Explorer",
                &[
                    "Brawling",
                    "Climbing",
                    "Exploring",
                    "Good Sense of Direction",
                    "Keen Eyesight",
                    "Maps",
                    "Survival",
                    "Good Luck",
                ],
            ),
            (
                "Scholar",
                &[
                    "Alchemy",
                    "Astrology",
                    "Books",
                    "History",
                    "Mathematics",
                    "Religion",
                    "Science",
                    "Studious",
                ],
            ),
            ("Noble", &["Proud", "Educated", "Great Wealth"]),
            (
                "Paladin",
                &[
                    "Holy Vengeance",
                    "Arms",
                    "Swords",
                    "Warfare",
                    "Leadership",
                    "Horsemanship",
                ],
            ),
            ("Priest", &["Holy Vengeance", "Healing"]),
            ("Sorcerer", &[]),
            ("Thief", &[]),
            ("Scion", &[]),
            ("Druid", &[]),
            ("Archer", &["Long Shot", "True Aim"]),
        ];
        for (key, expected) in cases {
            assert_eq!(traits(key), strings(expected), "{key}");
            // Every trait a key unlocks has a description of ours.
            for name in expected {
                let described = book.trait_def(name).map(|t| !t.description.is_empty());
                assert_eq!(described, Some(true), "{key}: {name}");
            }
        }
        // T12: the Noble's goals and every elite key's goals are blank in the book.
        for key in book.keys() {
            let blank = key.name == "Noble" || key.kind == KeyKind::Elite;
            assert_eq!(key.minor_goals.is_empty(), blank, "{}", key.name);
            assert_eq!(key.major_goals.is_empty(), blank, "{}", key.name);
        }
        let goals = |key: &str| {
            book.key(key)
                .map(|k| (k.minor_goals.len(), k.major_goals.len()))
        };
        assert_eq!(goals("Warrior"), Some((3, 3)));
        assert_eq!(goals("Explorer"), Some((3, 4)));
        assert_eq!(goals("Scholar"), Some((4, 3)));
    }

    #[test]
    fn open_traits_and_unlocking() {
        let book = Catalogue::book();
        let open = [
            "Strong",
            "Smart",
            "Wise",
            "Sneaky",
            "Stubborn",
            "Beautiful",
            "Friendly",
        ];
        assert_eq!(book.open_traits(), strings(&open).as_slice());
        for name in open {
            assert!(book.is_open(name), "{name}");
            assert!(book.trait_def(name).is_some(), "{name}");
        }
        assert!(book.is_open("strong"));
        assert!(!book.is_open("Swords"));
        let mut warrior = strings(&[
            "Arms",
            "Bows",
            "Crossbows",
            "Knives",
            "Marching",
            "Polearms",
            "Swords",
            "Warfare",
        ]);
        warrior.extend(strings(&open));
        assert_eq!(book.unlocked_by(&strings(&["warrior"])), warrior);
        // Paladin's Arms, Swords and Warfare are listed once; an unknown key unlocks nothing.
        let both = book.unlocked_by(&strings(&["Warrior", "Paladin", "Dragon"]));
        assert_eq!(both.len(), 8 + 3 + 7);
        assert_eq!(book.unlocked_by(&[]), strings(&open));
    }

    #[test]
    fn prerequisites_of_the_paladin() {
        let book = Catalogue::book();
        let met = has(&[("Divinity", 2), ("arms", 3), ("Oath", 1), ("Mission", 2)]);
        assert_eq!(book.prerequisites_met("Paladin", &met), Ok(()));
        let short = has(&[("Divinity", 1), ("Arms", 2), ("Mission", 1), ("Mission", 2)]);
        assert_eq!(
            book.prerequisites_met("Paladin", &short),
            Err(strings(&["Divinity 2 (has 1)", "Oath 1 (has none)"]))
        );
        assert_eq!(book.prerequisites_met("Warrior", &[]), Ok(()));
        assert_eq!(
            book.prerequisites_met("Dragon", &[]),
            Err(strings(&["no key named \"Dragon\" in the catalogue"]))
        );
    }

    #[test]
    fn table_files() {
        check("", Ok(()));
        check(
            "open = [\"Lucky\"]\n[[keys]]\nname = \"Dragon\"\nkind = \"skeleton\"\ntraits = [\"Enormous\"]\n\
             [[traits]]\nname = \"Enormous\"",
            Ok(()),
        );
        check(
            "[[keys]]\nname = \"Dragon\"\nkind = \"skeleton\"\nprerequisites = [{ trait = \"Age\", boxes = 3 }]",
            Err(
                "`keys.Dragon.prerequisites` = 1 entry: a skeleton key has no prerequisites; make it kind = \"elite\"",
            ),
        );
        check(
            "[[keys]]\nname = \"Dragon\"\nkind = \"elite\"",
            Err(
                "`keys.Dragon.prerequisites` = []: an elite key has at least one prerequisite; make it kind = \"skeleton\"",
            ),
        );
        check(
            "[[keys]]\nname = \"Dragon\"\nkind = \"elite\"\nprerequisites = [{ trait = \"Age\", boxes = 21 }]",
            Err("`keys.Dragon.prerequisites[0].boxes` = 21: a prerequisite needs 1 to 20 boxes"),
        );
        check(
            "[[traits]]\nname = \" \"",
            Err(
                "`traits[0].name` = \" \": a name has 1 to 64 characters (has 1), not blank, without leading or trailing spaces",
            ),
        );
        check(
            "[[traits]]\nname = \"Fame\"\n[[traits]]\nname = \"fame\"",
            Err("trait \"fame\" is already in the catalogue (names are unique, ignoring case)"),
        );
        check(
            &format!(
                "[[traits]]\nname = \"Fame\"\ndescription = \"{}\"",
                "x".repeat(501)
            ),
            Err("`traits.Fame.description` = 501 characters: at most 500 characters"),
        );
        check(
            "[[keys]]\nname = \"Dragon\"\nkind = \"skeleton\"\ntraits = [\"Talons\", \"talons\"]",
            Err(
                "`keys.Dragon.traits` = \"talons\": is listed twice (names are unique, ignoring case)",
            ),
        );
        let toml = Catalogue::parse("[[keys]]\nname = \"Dragon\"\nkind = \"wyrm\"");
        assert!(
            matches!(&toml, Err(CatalogueError::Toml(m)) if m.contains("wyrm") && m.contains("line 3")),
            "{toml:?}"
        );
        let big = " ".repeat(MAX_CATALOGUE_BYTES + 1);
        check(
            &big,
            Err("the catalogue file has 1048577 bytes; at most 1048576 are read"),
        );
    }

    #[test]
    fn merging_a_gms_additions() {
        let mut table = Catalogue::book();
        let additions = Catalogue::parse(
            "open = [\"Lucky\"]\n[[keys]]\nname = \"Dragon\"\nkind = \"elite\"\n\
             prerequisites = [{ trait = \"Enormous\", boxes = 2 }]\ntraits = [\"Talons\"]\n\
             [[traits]]\nname = \"Talons\"\ndescription = \"Claws like scythes.\"",
        );
        assert!(additions.is_ok(), "{additions:?}");
        let additions = additions.unwrap_or_default();
        assert_eq!(table.merge(additions.clone()), Ok(()));
        assert_eq!(table.keys().len(), 12);
        assert!(table.is_open("Lucky"));
        assert_eq!(
            table.trait_def("talons").map(|t| t.name.as_str()),
            Some("Talons")
        );
        assert_eq!(
            table.prerequisites_met("Dragon", &has(&[("Enormous", 1)])),
            Err(strings(&["Enormous 2 (has 1)"]))
        );
        // Merging again clashes on the first name, and changes nothing.
        let before = table.clone();
        assert_eq!(
            table.merge(additions),
            Err(CatalogueError::Clash {
                what: "key",
                name: "Dragon".to_owned()
            })
        );
        assert_eq!(table, before);
        let swords = Catalogue::parse("[[traits]]\nname = \"SWORDS\"").unwrap_or_default();
        assert_eq!(
            table.merge(swords).map_err(|e| e.to_string()),
            Err(
                "trait \"SWORDS\" is already in the catalogue (names are unique, ignoring case)"
                    .to_owned()
            )
        );
    }

    #[test]
    fn a_catalogue_round_trips_through_json_and_is_checked_on_the_way_in() {
        let book = Catalogue::book();
        let json = serde_json::to_value(&book).unwrap_or_default();
        let back: Result<Catalogue, _> = serde_json::from_value(json);
        assert_eq!(back.ok(), Some(book));
        let bad: Result<Catalogue, _> =
            serde_json::from_value(serde_json::json!({"keys": [{"name": "", "kind": "skeleton"}]}));
        assert!(bad.is_err());
    }
}
