//! One file per request: what it asks of the room and what the sender is
//! told. A refusal is an `error` reply; the connection stays.

use std::time::Instant;

use crate::frame::{Reply, Request};
use crate::session::Session;
use play::Try;

pub(crate) mod arena;
mod create;
mod end;
mod join;
mod leave;
mod play;
pub(crate) mod settings;
pub(crate) mod start;

pub(crate) use crate::refused::Refused;

/// Carries out `request` for the connection `session`, as [`apply`] does,
/// and those that wait on the store (the daily board's play).
pub(crate) async fn apply_waiting(
    session: &mut Session,
    request: Request,
) -> Result<Vec<Reply>, Refused> {
    match request {
        Request::Daily {
            name,
            token,
            game,
            lang,
            date,
        } => {
            let entry = arena::daily::Entry {
                name: &name,
                token: token.as_deref(),
                game: game.as_deref(),
                lang: lang.as_deref(),
                date: &date,
            };
            arena::daily::enter(session, &entry).await
        }
        request => apply(session, request),
    }
}

/// Carries out `request` for the connection `session`: the replies for its
/// sender alone (what the room tells everyone goes through the outboxes).
fn apply(session: &mut Session, request: Request) -> Result<Vec<Reply>, Refused> {
    if let Some(seat) = &session.seat {
        crate::db::lock(&seat.room).touch(Instant::now());
    }
    match request {
        Request::Create {
            name,
            settings,
            code,
        } => create::apply(session, &name, settings, code.as_deref()),
        Request::Join {
            code,
            name,
            token,
            watch,
        } => join::apply(
            session,
            &code,
            &name,
            token.as_deref(),
            watch.unwrap_or(false),
        ),
        Request::Settings { settings } => settings::apply(session, settings),
        Request::Start => start::apply(session),
        Request::Trace { path } => play::apply(session, Try::Path(&path)),
        Request::Word { word } => play::apply(session, Try::Word(&word)),
        Request::End => end::apply(session),
        Request::Leave => leave::apply(session),
        Request::Arena {
            name,
            token,
            game,
            lang,
            group,
        } => arena::enter(
            session,
            &arena::Entry {
                name: &name,
                token: token.as_deref(),
                game: game.as_deref(),
                lang: lang.as_deref(),
                group: group.as_deref(),
            },
        ),
        Request::Daily { .. } => Err(Refused::Settings(
            "the daily board is played from the connection's loop".into(),
        )),
    }
}
