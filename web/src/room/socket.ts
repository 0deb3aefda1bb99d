// The room connection: one WebSocket to the server's /ws, opened again
// after a drop (at growing intervals, up to 5 s apart) until the page says
// stop. What to send on each (re)open is the page's: it rejoins its seat.
import type { Reply, Request } from "./protocol";

export interface SocketEvents {
  /** Open (again): send what takes the seat. */
  open: () => void;
  message: (reply: Reply) => void;
  /** The connection dropped; `attempt` counts the tries to open it since. */
  lost: (attempt: number) => void;
}

export class RoomSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private timer: number | null = null;
  private readonly url: string;
  private readonly on: SocketEvents;

  constructor(on: SocketEvents) {
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = url.href;
    this.on = on;
    this.open();
  }

  private open(): void {
    this.timer = null;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.on.open();
    });
    ws.addEventListener("message", (e) => {
      try {
        this.on.message(JSON.parse(String(e.data)) as Reply);
      } catch {
        // Not ours to read: ignored.
      }
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      this.attempt++;
      this.on.lost(this.attempt);
      const wait = Math.min(5000, 400 * 2 ** (this.attempt - 1));
      this.timer = window.setTimeout(() => this.open(), wait);
    });
  }

  send(request: Request): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(request));
    return true;
  }

  /** Closes it for good. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.ws?.close();
  }
}
