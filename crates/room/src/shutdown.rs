//! One signal every task hears: the server is stopping.

use tokio::sync::watch;

/// A handle on the stop signal: [`Shutdown::trigger`] once, and every
/// clone's [`Shutdown::wait`] returns.
#[derive(Clone, Debug)]
pub struct Shutdown {
    tx: std::sync::Arc<watch::Sender<bool>>,
    rx: watch::Receiver<bool>,
}

impl Default for Shutdown {
    fn default() -> Shutdown {
        let (tx, rx) = watch::channel(false);
        Shutdown {
            tx: std::sync::Arc::new(tx),
            rx,
        }
    }
}

impl Shutdown {
    /// Tells every task to stop.
    pub fn trigger(&self) {
        self.tx.send_replace(true);
    }

    /// Whether the signal was given.
    pub fn is_triggered(&self) -> bool {
        *self.rx.borrow()
    }

    /// Returns once the signal is given (at once if it was).
    pub async fn wait(&mut self) {
        // An error means every sender is gone: nobody can stop us, so wait
        // for ever.
        if self.rx.wait_for(|&stop| stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
