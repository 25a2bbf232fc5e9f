//! The session report (`skald_server::report`): its parts in order (title and who played, the
//! summary of episodes, the story, the appendix), exact on a small table per system played from the
//! book's examples over a fixed server seed; odds as percentages with fractions; no hash in the
//! story; an undone command in no episode; and a whisper not the reader's and a secret roll not
//! revealed in no part of it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};
use skald_fair::ServerSeed;
use skald_server::export::{Log, summary_of};
use skald_server::report;
use skald_table::{Action, Actor, Table, redact};
use skald_testkit::{Expect, check, expect};

const GM: Actor = Actor::Gm;
const ANN: Actor = Actor::Player(1);
const BOB: Actor = Actor::Player(2);

/// A table played from a test over a fixed seed, with Ann and Bob seated.
struct Play {
    table: Table,
    fresh: u8,
    at_ms: i64,
}

impl Play {
    fn new(system: &str) -> Self {
        let seed = ServerSeed::from_bytes([7; 32]);
        let options = json!({"players_set_gm_numbers": true});
        let created = Table::create(
            skald_systems::REGISTRY,
            system,
            "Report",
            &options,
            &seed,
            1_000,
        )
        .unwrap();
        let mut table = Table::from_records(skald_systems::REGISTRY, vec![created]).unwrap();
        for name in ["Ann", "Bob"] {
            let joined = table.join(name, 2_000).unwrap();
            table.apply(joined).unwrap();
        }
        Self {
            table,
            fresh: 0,
            at_ms: 3_000,
        }
    }

    /// `action` by `by`; `false` when refused (nothing recorded).
    fn act(&mut self, by: Actor, action: Value) -> bool {
        self.fresh = self.fresh.wrapping_add(1);
        self.at_ms += 1_000;
        let action = Action::from_json(action).unwrap();
        match self.table.decide(by, &action, [self.fresh; 32], self.at_ms) {
            Ok(records) => {
                for record in records {
                    self.table.apply(record).unwrap();
                }
                true
            }
            Err(_) => false,
        }
    }

    /// The example `examples/<system>/<name>.toml` played: its first character enrolled by Ann,
    /// the others by the GM, then its steps by the GM (the dice are the table's, so a step the
    /// new dice make illegal is refused and skipped).
    fn example(system: &str, name: &str, enroll: &str) -> Self {
        let path = format!(
            "{}/../../examples/{system}/{name}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let doc: toml::Table = std::fs::read_to_string(path).unwrap().parse().unwrap();
        let mut play = Self::new(system);
        for (i, c) in doc["characters"].as_array().unwrap().iter().enumerate() {
            let by = if i == 0 { ANN } else { GM };
            let character: Value = serde_json::to_value(c).unwrap();
            assert!(play.act(by, json!({"do": enroll, "character": character})));
        }
        for step in doc["steps"].as_array().unwrap() {
            let mut step = step.as_table().unwrap().clone();
            if step.contains_key("expect_error") {
                continue;
            }
            for key in ["note", "expect", "dice"] {
                step.remove(key);
            }
            play.act(GM, serde_json::to_value(&step).unwrap());
        }
        play
    }

    fn log(&self, reader: Actor) -> Log {
        Log {
            table: "t1".to_owned(),
            summary: summary_of(&self.table, "t1", reader),
            reader,
            records: self
                .table
                .records()
                .iter()
                .map(|r| redact(r, reader.into()))
                .collect(),
        }
    }

    fn markdown(&self, reader: Actor) -> String {
        report::markdown(&self.log(reader)).unwrap()
    }

    fn html(&self, reader: Actor) -> String {
        report::html(&self.log(reader)).unwrap()
    }
}

/// The text of `md` from the heading `from` to the next heading of the same level.
fn part<'a>(md: &'a str, from: &str) -> &'a str {
    let start = md
        .find(from)
        .unwrap_or_else(|| panic!("no {from:?} in {md}"));
    let level = from.split(' ').next().unwrap();
    let rest = &md[start + from.len()..];
    let end = rest
        .find(&format!("\n{level} "))
        .map_or(rest.len(), |i| i + 1);
    &md[start..start + from.len() + end]
}

/// Whether `text` holds a run of 16 hex digits (a hash, a seed or a mix).
fn has_hex(text: &str) -> bool {
    text.as_bytes()
        .windows(16)
        .any(|w| w.iter().all(u8::is_ascii_hexdigit))
}

/// The summary of `play` as Ann reads it, exactly.
fn summary_is(play: &Play, expected: Expect) {
    check(part(&play.markdown(ANN), "## Summary"), expected);
}

#[test]
fn the_parts_come_in_order_in_markdown_and_html() {
    let mut play = Play::example("chi", "three-actions-and-a-defence", "enroll");
    play.act(
        ANN,
        json!({"do": "say", "text": "Over the wall!", "as": "Ragnar"}),
    );
    play.act(BOB, json!({"do": "say", "text": "Right behind you."}));
    let md = play.markdown(ANN);
    let at = |s: &str| md.find(s).unwrap_or_else(|| panic!("no {s:?} in {md}"));
    assert!(md.starts_with("# Report\n\nA Chi session, table `t1`, as Ann reads it.\n"));
    assert!(at("Who played:") < at("## Summary"));
    assert!(at("## Summary") < at("## The story"));
    assert!(at("## The story") < at("## Appendix: checking the dice"));
    let seats: Vec<&str> = md
        .lines()
        .filter(|l| l.starts_with("- the GM") || l.starts_with("- Ann") || l.starts_with("- Bob"))
        .collect();
    assert_eq!(
        seats,
        ["- the GM: orc", "- Ann (seat 1): Ragnar", "- Bob (seat 2)"]
    );
    // Talk is speech: the character's name with the player's beside it.
    let story = part(&md, "## The story");
    assert!(
        story.contains(" UTC · **Ragnar** (Ann): “Over the wall!”\n"),
        "{story}"
    );
    assert!(
        story.contains(" UTC · **Bob**: “Right behind you.”"),
        "{story}"
    );
    // No hash, seed or mix in the story: they are the appendix's.
    assert!(!has_hex(story), "{story}");
    let appendix = part(&md, "## Appendix: checking the dice");
    assert!(has_hex(appendix));
    let (_, commitment) = play.table.epoch();
    assert!(
        appendix.contains(&format!(
            "- Epoch 0, committed in record 1: `{commitment}`; seed not revealed yet"
        )),
        "{appendix}"
    );
    // The same parts in the HTML, with their headings' anchors.
    let html = play.html(ANN);
    let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("no {s:?} in {html}"));
    assert!(at("<h1>Report</h1>") < at("<h2 id=\"summary\">"));
    assert!(at("<h2 id=\"summary\">") < at("<h2 id=\"story\">"));
    assert!(at("<h2 id=\"story\">") < at("<h2 id=\"appendix\">"));
    assert!(html.contains("<b>Ragnar</b> (Ann): <q class=\"speech\">Over the wall!</q>"));
    assert!(
        !html.contains("<table"),
        "no table to be wider than a phone"
    );
}

#[test]
fn odds_read_as_percentages_with_their_fractions() {
    let play = Play::example("chi", "three-actions-and-a-defence", "enroll");
    let md = play.markdown(ANN);
    let odds: Vec<&str> = md
        .split("<br>")
        .filter(|l| l.starts_with("odds before the roll: "))
        .map(|l| l.lines().next().unwrap())
        .collect();
    check(
        odds.join("\n"),
        expect![[r#"
            odds before the roll: Success 77.9% (1009/1296), Failure 22.1% (287/1296), A tie (a failure) 6.9% (5/72)
            odds before the roll: Success 44.4% (575/1296), Failure 55.6% (721/1296), A tie (a failure) 11.3% (73/648)
            odds before the roll: Success 58.3% (7/12), Failure 41.7% (5/12), A tie (a failure) 13.9% (5/36)
        "#]],
    );
}

#[test]
fn a_chi_round_is_summed_up() {
    summary_is(
        &Play::example("chi", "three-actions-and-a-defence", "enroll"),
        expect![[r#"
            ## Summary

            ### Round 1

            Who: Ragnar

            **Outcome:** 2 successes, 1 failure

            - Ragnar: success (3 dice against Difficulty 2, 6 against 4; 5 dice left)
            - Ragnar: failure (2 dice against Difficulty 2, 2 against 8; 3 dice left)
            - Ragnar: success (1 die against Difficulty 1, 6 against 4; 2 dice left)
            - Ragnar loses 1 die for now to injury (orc's cleaver): pool 8/7 ([C5](/rules/chi#C5)).

        "#]],
    );
}

#[test]
fn a_twenty_conflict_is_summed_up() {
    summary_is(
        &Play::example("twenty", "dragon-surrenders", "add_character"),
        expect![[r#"
            ## Summary

            ### Conflict 1

            Who: Gorand, Dragon

            **Outcome:** Gorand wins and gets its goal: kill this dragon and get to my brother's wedding on time ([T4](/rules/twenty#T4)), after 3 exchanges

            - Gorand wants: kill this dragon and get to my brother's wedding on time (death goal: Dragon)
            - Dragon wants: keep the upstart off its road
            - Dragon surrenders: goal lost
            - Gorand checked 2 boxes (Friendly, Arms)
            - Dragon checked 1 box (Ancient and Wise)
            - Dragon dies: Gorand won with Dragon's death as its goal ([T7](/rules/twenty#T7))

        "#]],
    );
}

#[test]
fn a_loqi_problem_is_summed_up() {
    summary_is(
        &Play::example("loqi", "problem", "enroll"),
        expect![[r#"
            ## Summary

            ### Problem 1 (scene level): At dusk, bandits block the rain-soaked mountain pass Mirela must cross.

            Who: the GM, Mirela

            **Outcome:** resolved for the player's outcome: the player's outcome 83.3% (5/6), the GM's 16.7% (1/6); the d12 rolled 3 against odds 10 ([L3](/rules/loqi#L3)); told by Mirela: Mirela cuts through the bandits and takes their leader's horse.

            - Mirela spent 1 influence ([L5](/rules/loqi#L5))

        "#]],
    );
}

#[test]
fn a_freelancer_check_is_summed_up() {
    let play = Play::example("freelancer", "boulder", "enroll");
    // In the HTML report every code the summary cites is a link, as in the story.
    let html = play.html(GM);
    let summary = &html[html.find("id=\"summary\"").unwrap()..html.find("id=\"story\"").unwrap()];
    assert!(
        summary.contains(
            "<b>Outcome:</b> failure on a Botch (<a class=\"rule-link\" href=\"/rules/freelancer#F3\""
        ),
        "{summary}"
    );
    assert_eq!(
        summary.matches("class=\"rule-link\"").count(),
        3,
        "{summary}"
    );
    summary_is(
        &play,
        expect![[r#"
            ## Summary

            ### Task check: the boulder's weight

            Who: Ash

            **Outcome:** failure on a Botch ([F3](/rules/freelancer#F3))

            - Ash: task check, LFT 42 vs 1200 (the boulder's weight): the larger number, 1200, has 4 digits: keep its highest 3 ([F2](/rules/freelancer#F2)); divide both by 10^1 = 10, dropping fractions: rating 42 -&gt; 4, difficulty 1200 -&gt; 120; difference = 120 - 4 = 116 (101-150: only a Crit succeeds; every failure is a Botch, [F3](/rules/freelancer#F3)); chance of success 5.0% (1/20), of a Botch 95.0% (19/20): d100 31: Botch, failure.

        "#]],
    );
}

#[test]
fn an_undone_command_is_in_no_episode() {
    let mut play = Play::new("twenty");
    assert!(play.act(
        ANN,
        json!({"do": "add_character", "character": skald_testkit::sheets::gorand()})
    ));
    assert!(play.act(
        GM,
        json!({"do": "add_character", "character": skald_testkit::sheets::dragon()})
    ));
    let start = json!({"do": "start_conflict", "participants": [
        {"who": "Gorand", "goal": "cross the bridge"},
        {"who": "Dragon", "goal": "keep the bridge"}]});
    assert!(play.act(GM, start));
    let before = part(&play.markdown(ANN), "## Summary").to_owned();
    assert!(before.contains("### Conflict 1\n"), "{before}");
    assert!(play.act(GM, json!({"do": "undo"})));
    let after = part(&play.markdown(ANN), "## Summary").to_owned();
    assert_eq!(after, "## Summary\n\nNothing has happened yet.\n\n");
}

#[test]
fn a_whisper_not_the_readers_and_a_secret_roll_not_revealed_are_in_no_part() {
    let mut play = Play::example("chi", "three-actions-and-a-defence", "enroll");
    assert!(play.act(
        BOB,
        json!({"do": "say", "text": "Psst, the orc is bluffing", "to": "gm"})
    ));
    assert!(play.act(
        GM,
        json!({"do": "secret_roll_dice", "notation": "3d20", "label": "the hidden archer"})
    ));
    for reader in [ANN, BOB, GM] {
        let md = play.markdown(reader);
        let html = play.html(reader);
        let whisper = reader != ANN;
        let secret = reader == GM;
        for text in [&md, &html] {
            assert_eq!(
                text.contains("Psst, the orc is bluffing"),
                whisper,
                "{reader:?}: {text}"
            );
            assert_eq!(text.contains("whispers"), whisper, "{reader:?}: {text}");
            assert_eq!(
                text.contains("the hidden archer"),
                secret,
                "{reader:?}: {text}"
            );
        }
        // The roll's place is public (so no die is rolled twice), its contents are not.
        assert!(md.contains("rolled in secret (roll "), "{md}");
        assert!(md.contains(", in secret; committed as `"), "{md}");
        assert!(md.contains("`, not revealed"), "{md}");
    }
    // The GM reads the secret roll's dice in the story; nobody reads them in the summary.
    assert!(!part(&play.markdown(GM), "## Summary").contains("archer"));
}

/// The story item of record `seq` in `html`, from its `<li>` to the next.
fn item(html: &str, seq: u64) -> &str {
    let start = html
        .find(&format!("<li id=\"r{seq}\">"))
        .unwrap_or_else(|| panic!("no record {seq} in {html}"));
    let end = html[start + 1..]
        .find("\n<li id=\"r")
        .or_else(|| html[start..].find("\n</ol>").map(|i| i - 1))
        .map_or(html.len(), |i| start + 1 + i);
    &html[start..end]
}

#[test]
fn the_html_story_folds_a_long_list_of_lines_and_the_exact_odds() {
    let play = Play::example("twenty", "gorand-and-the-dragon", "add_character");
    let log = play.log(ANN);
    let html = play.html(ANN);
    // A roll's odds are folded: in view, the first chance's percentage and how many more; behind
    // the tap, every chance with its exact fraction (the page escapes `/` as `&#x2f;`).
    let mut rolls = 0;
    for line in log.lines().iter().filter(|l| !l.chances.is_empty()) {
        rolls += 1;
        let item = item(&html, line.seq);
        let (shown, folded) = item
            .split_once("<details class=\"odds\"><summary>")
            .and_then(|(_, odds)| odds.split_once("</summary>"))
            .unwrap_or_else(|| panic!("no folded odds in {item}"));
        let first = &line.chances[0];
        assert!(
            shown.contains(&format!("<b>{}</b>", first.percent)),
            "{shown}"
        );
        for chance in &line.chances {
            if let Some(exact) = &chance.exact {
                let exact = exact.replace('/', "&#x2f;");
                assert!(!shown.contains(&exact), "{shown}");
                assert!(
                    folded.contains(&format!("<span class=\"fraction\">({exact})</span>")),
                    "{folded}"
                );
            }
        }
    }
    assert!(rolls > 2, "{rolls} rolls with odds");
    // A record of many lines shows its first, the rest folded.
    let many = log.lines().into_iter().find(|l| l.what.len() > 2).unwrap();
    check(
        item(&html, many.seq),
        expect![[r#"
            <li id="r8"><span class="at">#8 · 00:00:08 UTC</span>
            <span class="first"><b class="gm-mark">GM</b> Dragon brings in Ancient and Wise (exchange 1): rolls 3d20 = 1 7 7; checks a box of Ancient and Wise</span>
            <details class="more"><summary>4 more lines</summary><span class="line">Dragon rolled a 1 and must stand for the rest of the conflict (the dice still count)</span><span class="line">End of exchange 1: pools Gorand [11 3], Dragon [7 7 1]; Gorand is winning; narration order Gorand, Dragon</span><span class="line">Exchange 2 begins</span><span class="line">dice (roll 1): d20=1 d20=7 d20=7</span></details>
            <details class="odds"><summary>Odds before the roll:<span class="digest"> Ahead of every other pool after the exchange <b>87.4%</b>, and 2 more</span></summary>
            <ul class="chances"><li>Ahead of every other pool after the exchange (<a class="rule-link" href="/rules/twenty#T3" target="_blank" rel="noopener" title="opens in a new tab">T3</a>) <b>87.4%</b> <span class="fraction">(1747&#x2f;2000)</span></li><li>Ahead after the exchange if you stand instead <b>impossible</b></li><li>A 1 among the dice: forced to stand for the rest of the conflict (<a class="rule-link" href="/rules/twenty#T2" target="_blank" rel="noopener" title="opens in a new tab">T2</a>) <b>14.3%</b> <span class="fraction">(1141&#x2f;8000)</span></li></ul></details></li>
        "#]],
    );
}

#[test]
fn the_html_report_links_back_to_the_table_and_not_on_paper() {
    let html = Play::new("chi").html(ANN);
    assert!(
        html.contains(
            "<header>\n<nav class=\"back\"><a href=\"/t/t1\">Back to the table</a></nav>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "    nav.back, details.more > summary, details.odds .digest { display: none; }"
        )
    );
    // The rules page of the table's game, by its name (a title such as "Chi" is no page).
    assert!(
        html.contains("The rules as Skald plays them: <a href=\"&#x2f;rules&#x2f;chi\">Chi</a>."),
        "{html}"
    );
}

#[test]
fn the_appendix_says_where_the_readers_token_is_and_names_no_variable() {
    let play = Play::example("chi", "three-actions-and-a-defence", "enroll");
    let md = play.markdown(ANN);
    let appendix = part(&md, "## Appendix: checking the dice");
    check(
        &appendix[..appendix.find("### Epochs").unwrap()],
        expect![[r###"
            ## Appendix: checking the dice

            Every die came from the epoch's server seed, committed before its first roll, the seeds the table added, and the roll's index (docs/fairness.md). To check every roll yourself, with Skald installed, download the log as JSON from the table page's link “JSON (for `skald verify`)” (it saves as `skald-t1.json`), or fetch it from a shell, then check it:

            ```sh
            curl -s -H "Authorization: Bearer TOKEN" "SERVER/api/tables/t1/export" > skald-t1.json
            skald verify skald-t1.json
            ```

            where `TOKEN` is your own token, the end of your seat's link after `token=` (the link to your seat on the table page, under the log; the GM's is the GM link), and `SERVER` the table's address up to `/t/`, such as `http://127.0.0.1:8080`. The log holds only what you may read; once the GM ends an epoch its seed is in it, and its rolls can be checked.

        "###]],
    );
    let html = play.html(ANN);
    assert!(!html.contains('$') && !md.contains('$'));
    assert!(html.contains(
        "<a href=\"&#x2f;api&#x2f;tables&#x2f;t1&#x2f;export?format=json\" download=\"skald-t1.json\">skald-t1.json</a>"
    ));
    assert!(html.contains("<pre>skald verify skald-t1.json</pre>"));
}

/// Each ended epoch's line in the appendix says the record that ended it and the log's head then
/// (that record's hash), for a reader to keep and check a later export against.
#[test]
fn the_appendix_gives_the_logs_head_at_each_epochs_end() {
    let mut play = Play::new("chi");
    assert!(play.act(ANN, json!({"do": "roll", "notation": "1d6"})));
    assert!(play.act(Actor::Gm, json!({"do": "end_epoch"})));
    let ended = play.table.records().last().unwrap().clone();
    assert_eq!(ended.seq, 5);
    let head = ended.hash();
    assert_eq!(head, play.table.head());
    let md = play.markdown(ANN);
    let appendix = part(&md, "## Appendix: checking the dice");
    assert!(
        appendix.contains(&format!(
            "; ended in record 5, the log's head then (keep it for `skald verify --head`): `{head}`\n"
        )),
        "{appendix}"
    );
    let html = play.html(ANN);
    assert!(
        html.contains(&format!(
            "<dd>ended in record 5; the log&rsquo;s head then (keep it for <code>skald verify --head</code>): <span class=\"hex\">{head}</span></dd>"
        )),
        "{html}"
    );
}

/// What issue 30 found passing from talk into the Markdown report: an image, a link to script, an
/// autolink and raw HTML.
const PAYLOADS: [&str; 4] = [
    "![m](http://evil.example/pixel.png)",
    "[x](javascript:alert(1))",
    "<http://evil.example/>",
    "<img src=x onerror=alert(1)>",
];

/// Everything a CommonMark renderer (with GitHub's extensions) makes of `md` that is a link, an
/// image, HTML or a code span, as text.
fn markup(md: &str) -> Vec<String> {
    use pulldown_cmark::{Event, Options, Parser, Tag};
    Parser::new_ext(md, Options::all())
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. }) => Some(format!("link {dest_url}")),
            Event::Start(Tag::Image { dest_url, .. }) => Some(format!("image {dest_url}")),
            Event::Html(html) | Event::InlineHtml(html) => Some(format!("html {html}")),
            Event::Code(code) => Some(format!("code {code}")),
            _ => None,
        })
        .collect()
}

#[test]
fn links_images_and_html_from_players_are_text_in_markdown() {
    let mut play = Play::new("freelancer");
    for payload in PAYLOADS {
        assert!(play.act(ANN, json!({"do": "say", "text": payload})));
        assert!(play.act(
            ANN,
            json!({"do": "roll", "notation": "1d6", "label": payload})
        ));
        assert!(play.act(GM, json!({"do": "note", "text": payload})));
        assert!(play.act(BOB, json!({"do": "say", "text": payload, "to": "gm"})));
    }
    let md = play.markdown(GM);
    // Every payload reads as typed, each of them four times (said, a label, a note, a whisper).
    let rendered: String = {
        use pulldown_cmark::{Event, Options, Parser};
        Parser::new_ext(&md, Options::all())
            .filter_map(|event| match event {
                Event::Text(text) => Some(text.into_string()),
                _ => None,
            })
            .collect()
    };
    for payload in PAYLOADS {
        assert_eq!(
            rendered.matches(payload).count(),
            4,
            "{payload}: {rendered}"
        );
    }
    assert!(
        md.contains(r"“\!\[m\]\(http://evil.example/pixel.png)”"),
        "{md}"
    );
    assert!(
        md.contains(r"rolled for \[x\]\(javascript:alert(1)): "),
        "{md}"
    );
    assert!(md.contains("“&lt;http://evil.example/&gt;”"), "{md}");
    // Nothing the players typed became markup: the only code spans are the GM's mark and the
    // report's own (the table, hex, the appendix's file), and there is no link, image or HTML
    // but the report's own line breaks.
    let made: Vec<String> = markup(&md)
        .into_iter()
        .filter(|m| m != "html <br>" && !(m.starts_with("code ") && m != "code GM"))
        .collect();
    assert_eq!(made, ["code GM"; 5], "{md}");
}

#[test]
fn the_gms_lines_carry_a_mark_no_name_makes() {
    let mut play = Play::new("freelancer");
    assert!(play.act(GM, json!({"do": "say", "text": "Roll for it."})));
    assert!(play.act(
        ANN,
        json!({"do": "say", "text": "**`GM`**: I am the GM now"})
    ));
    assert!(play.act(
        ANN,
        json!({"do": "roll", "notation": "1d6", "label": "<b class=\"gm-mark\">GM</b>"})
    ));
    // The Markdown: the GM's name is the code span `GM`, a seat's is bold text.
    let md = play.markdown(ANN);
    let story = part(&md, "## The story");
    assert!(
        story.contains(" UTC · **`GM`** created the Freelancer table \"Report\""),
        "{story}"
    );
    assert!(
        story.contains(" UTC · **`GM`**: “Roll for it.”\n"),
        "{story}"
    );
    assert!(
        story.contains(r" UTC · **Ann**: “\*\*\`GM\`\*\*: I am the GM now”"),
        "{story}"
    );
    let marks = markup(story)
        .into_iter()
        .filter(|m| m.starts_with("code "))
        .collect::<Vec<_>>();
    assert_eq!(marks, ["code GM", "code GM"], "{story}");
    // The HTML report: the GM's badge, drawn by the report; a seat's name is escaped text.
    let html = play.html(ANN);
    assert_eq!(
        html.matches("<b class=\"gm-mark\">GM</b>").count(),
        2,
        "{html}"
    );
    assert!(
        html.contains("<b class=\"gm-mark\">GM</b>: <q class=\"speech\">Roll for it.</q>"),
        "{html}"
    );
    assert!(
        html.contains("rolled for &lt;b class=&quot;gm-mark&quot;&gt;GM&lt;&#x2f;b&gt;"),
        "{html}"
    );
}

/// The ruling codes `text` cites that no link holds: an id of a ruling some system states
/// (`skald_systems::REGISTRY.ruling`), inside parentheses or after a comma, outside every `<a>` (HTML) or
/// `[...](...)` (Markdown).
fn unlinked_codes(text: &str) -> Vec<String> {
    // Links out: an HTML anchor's content and a Markdown link's text are taken away.
    let mut bare = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("<a ") {
        bare.push_str(&rest[..at]);
        rest = rest[at..]
            .find("</a>")
            .map_or("", |end| &rest[at + end + 4..]);
    }
    bare.push_str(rest);
    let bare = bare
        .split("](/rules/")
        .map(|part| part.rsplit_once('[').map_or(part, |(before, _)| before))
        .collect::<Vec<_>>()
        .join(" ");
    let bytes = bare.as_bytes();
    let mut found = Vec::new();
    for (i, b) in bytes.iter().enumerate() {
        if !b"TLCF".contains(b) || i == 0 || !b"(, ".contains(&bytes[i - 1]) {
            continue;
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        let end = i + 1 + digits;
        let cited =
            (1..=2).contains(&digits) && bytes.get(end).is_some_and(|b| b")],;".contains(b));
        if cited && skald_systems::REGISTRY.ruling(&bare[i..end]).is_some() {
            found.push(bare[i.saturating_sub(30)..end + 1].to_owned());
        }
    }
    found
}

/// Issue 31: every ruling code a report cites is a link to its statement, in the summary, the
/// story and the odds, in HTML as on the table page and in Markdown as `[T3](/rules/twenty#T3)`.
#[test]
fn every_ruling_a_report_cites_is_a_link() {
    for (system, name, enroll) in [
        ("chi", "three-actions-and-a-defence", "enroll"),
        ("twenty", "gorand-and-the-dragon", "add_character"),
        ("loqi", "problem", "enroll"),
        ("freelancer", "boulder", "enroll"),
    ] {
        let play = Play::example(system, name, enroll);
        for reader in [ANN, GM] {
            let (md, html) = (play.markdown(reader), play.html(reader));
            assert_eq!(
                unlinked_codes(&html),
                Vec::<String>::new(),
                "{system}: {html}"
            );
            assert_eq!(unlinked_codes(&md), Vec::<String>::new(), "{system}: {md}");
            assert!(md.contains("](/rules/"), "{system}: no link in {md}");
        }
    }
    // The test itself finds a code left bare.
    assert_eq!(
        unlinked_codes("a (T3) b [T4](/rules/twenty#T4) <a href=x>(T5)</a> C3PO"),
        ["a (T3)"]
    );
}
