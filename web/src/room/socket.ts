// The room connection: one WebSocket to the server's /ws, opened again
// after a drop (at growing intervals, up to 5 s apart) until the page says
// stop. It names its room in the address (`/ws?room=CODE`) once the page
// knows it, so a proxy in front of several servers sends every connection
// of a room to the same one. What to send on each (re)open is the page's:
// it rejoins its seat.
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
  private url: string;
  private readonly on: SocketEvents;

  /** Connects to the room `room` (a code), or to none yet. */
  constructor(on: SocketEvents, room: string | null) {
    this.url = RoomSocket.address(room);
    this.on = on;
    this.open();
  }

  private static address(room: string | null): string {
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    if (room) url.searchParams.set("room", room);
    return url.href;
  }

  /** Connects again for the room `room`, unless connected for it already:
   * whether it did (its `open` follows). */
  to(room: string): boolean {
    const url = RoomSocket.address(room);
    if (url === this.url) return false;
    this.url = url;
    const old = this.ws;
    // The old connection's close is not a drop: nothing to report.
    this.ws = null;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.attempt = 0;
    old?.close();
    this.open();
    return true;
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
