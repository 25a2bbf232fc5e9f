//! A table page's cost is bounded whatever its log holds (issue 30): a large roll is drawn as its
//! first dice and a count of the rest, the page and its live fragments show the last records
//! only, and older records are read a page at a time.
#![allow(clippy::unwrap_used)]

use crate::common;
use common::{Server, fresh, generous};
use skald_server::Limits;

/// GET `path` as the holder of `token`: (status, body).
async fn get(server: &Server, path: &str, token: &str) -> (u16, String) {
    let response = fresh()
        .get(format!("{}{path}", server.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// A Chi table with Ann seated: (table, GM token, Ann's token).
async fn table(server: &Server) -> (String, String, String) {
    common::chi_table_with_ann(server, "Dice").await
}

/// 110 rolls of a thousand dice: each line draws 30 dice and counts 970, lists 100 values and
/// counts 900; the page and its fragments show the last 100 records (a thousand dice a line drawn
/// whole made the page 45 MB), and the older ones are a link away.
#[tokio::test]
async fn a_page_draws_the_first_dice_of_each_roll_and_the_last_records_only() {
    let server = Server::start(Limits {
        actions_per_second: 1_000,
        action_burst: 1_000,
        reads_per_second: 1_000,
        read_burst: 1_000,
        ..generous()
    })
    .await;
    let (id, gm, ann) = table(&server).await;
    for _ in 0..110 {
        let response = fresh()
            .post(format!("{}/api/tables/{id}/actions", server.base))
            .bearer_auth(&ann)
            .header("content-type", "application/json")
            .body(r#"{"do": "roll", "notation": "1000d6"}"#)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
    }
    // Records 1-2 are the table and Ann's seat, 3-112 the rolls.
    let (status, page) = get(&server, &format!("/t/{id}"), &ann).await;
    assert_eq!(status, 200);
    assert_eq!(page.matches("<li data-seq=").count(), 100);
    assert_eq!(page.matches("class=\"die d6").count(), 100 * 30);
    assert_eq!(page.matches("and 970 more dice").count(), 100);
    assert_eq!(page.matches(", … and 900 more] = ").count(), 100);
    assert!(page.contains("<li data-seq=\"13\""));
    assert!(!page.contains("<li data-seq=\"12\""));
    assert!(
        page.contains(
            "href=\"/t/{id}/log?before=13\">Show older records</a>"
                .replace("{id}", &id)
                .as_str()
        )
    );
    assert!(page.len() < 1_800_000, "{}", page.len());
    // The fragments the script fetches on each record: the lines after the seq it has, at most
    // 100 of them.
    let (_, parts) = get(&server, &format!("/t/{id}/parts?after=0"), &ann).await;
    assert!(parts.len() < 1_800_000, "{}", parts.len());
    let (_, parts) = get(&server, &format!("/t/{id}/parts?after=111"), &ann).await;
    assert_eq!(parts.matches("<li data-seq=").count(), 1);
    assert!(parts.len() < 120_000, "{}", parts.len());
    // The older records, a page at a time, with links both ways.
    let (status, older) = get(&server, &format!("/t/{id}/log?before=13"), &gm).await;
    assert_eq!(status, 200);
    assert_eq!(older.matches("<li data-seq=").count(), 12);
    assert!(older.contains("<h1>Dice: records 1 to 12</h1>"), "{older}");
    assert!(older.contains(&format!("href=\"/t/{id}/log?before=113\" rel=\"next\"")));
    assert!(!older.contains("rel=\"prev\""));
    assert_eq!(older.matches("and 970 more dice").count(), 10);
    let (_, newest) = get(&server, &format!("/t/{id}/log"), &gm).await;
    assert!(
        newest.contains("<h1>Dice: records 13 to 112</h1>"),
        "{newest}"
    );
    assert!(newest.contains(&format!("href=\"/t/{id}/log?before=13\" rel=\"prev\"")));
    assert!(!newest.contains("rel=\"next\""));
    // The session report counts the dice it does not list; the JSON export keeps every one.
    let (_, report) = get(&server, &format!("/api/tables/{id}/export?format=md"), &gm).await;
    assert_eq!(report.matches(r", … and 900 more\] = ").count(), 110);
    let (_, export) = get(
        &server,
        &format!("/api/tables/{id}/export?format=json"),
        &gm,
    )
    .await;
    assert_eq!(
        export
            .matches("{\"die\":{\"Numbered\":6},\"value\":")
            .count(),
        110 * 1000
    );
    let (status, refused) = get(&server, &format!("/t/{id}/log?before=0"), &gm).await;
    assert_eq!(status, 400, "{refused}");
}
