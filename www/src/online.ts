// Online mode: the page joins a table on the reference server (server/, README "Online
// tables") as the viewer its token belongs to, and renders from the view the server sends
// that viewer at join, kept by the package's `SeatTable` from each push (his new entries and
// the patch of his view) — the page never holds anything outside his audience. Every action
// goes to the server (`act`); its `ack` (accepted, or refused with the law) or `error`
// becomes a toast. The hands are the view's (`view.hands`, the engine's: only those the
// viewer may see, dummy's once the opening lead is faced, with the cards still held); the
// lead is made by choosing a card of one's own `<bl-hand>` (the view's hands; `legal_cards` offered).
// A dropped connection is retried with exponential backoff and resumed by version (`join`
// with `since`), with a "reconnecting…" banner meanwhile. What the server sends and reads is
// typed by protocol.gen.ts, generated from the server's own types (docs/PROTOCOL.md).
import { parseCall, SeatTable } from "bridge-laws";
import type { ActionKind, Preset, Regulation, Update, View, Viewer } from "bridge-laws";
import { ANNOUNCE, fromSeatTable, type SeatSource } from "bridge-laws/elements";
import { parseOrToast, toasted, type Acted, type Ctx, type Host } from "./app";
import { isSeat, seatLabel, SEATS, viewerLabel } from "./calls";
import { byId, fill, h } from "./dom";
import { clearToasts, toast } from "./feed";
import { onLocale, t } from "./i18n";
import type { ApiError, ClientMsg, Created, ServerMsg } from "./protocol.gen";

/** The hands a view carries: those the viewer may see, each with the cards still held. */
type Hands = NonNullable<View["hands"]>;

type Status = "connecting" | "open" | "reconnecting" | "failed";

/** The server's error (`code`, its English `message`) as a toast in the player's language:
 * the catalog's words for the code (the language chosen), the server's text for a code no
 * catalog knows. */
function serverError(code: string, message: string): void {
  toast({ kind: "error", code, law: "", message });
}

/** The online page's state: the connection, the client table and the acts awaiting an ack. */
export class OnlineApp implements Host {
  table: SeatTable | null = null;
  /** What the elements render from: the `SeatTable`, and whether the connection is open (the box is live only then). */
  source: SeatSource | null = null;
  regulation: Regulation | null = null;
  /** The last state hash the server told (the Director's messages only). */
  stateHash: string | null = null;
  status: Status = "connecting";
  /** The hands of this viewer's view (docs/PROTOCOL.md, "The deal"), as last seen. */
  hands: Hands = {};
  /** Bumped whenever `hands` changes: the page shows the `<bl-hand>`s of the hands shown. */
  handsVersion = 0;
  /** `hands` as text, to tell a change. */
  private handsText = "{}";
  private ws: WebSocket | null = null;
  private nextId = 1;
  private waiting = new Map<number, (a: Acted) => void>();
  private listeners: (() => void)[] = [];
  private retries = 0;

  constructor(
    readonly tableId: string,
    private readonly token: string,
    private readonly url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`,
  ) {
    Object.assign(window, { __online: this });
    this.connect();
  }

  onChange(f: () => void): void {
    this.listeners.push(f);
  }

  private changed(): void {
    if (this.source) {
      this.source.connected = this.status === "open";
      this.source.changed();
    }
    for (const f of this.listeners) f();
  }

  private connect(): void {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      const since = this.table ? { since: this.table.version } : {};
      ws.send(JSON.stringify({ type: "join", table: this.tableId, token: this.token, ...since }));
    };
    ws.onmessage = (ev) => {
      let msg: ServerMsg;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMsg;
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      // Acts in flight are unknown: the resumed stream will show whether they were accepted.
      for (const [, resolve] of this.waiting) resolve(undefined);
      this.waiting.clear();
      if (this.status === "failed") return this.changed();
      this.status = "reconnecting";
      const delay = Math.min(250 * 2 ** this.retries, 8000);
      this.retries++;
      setTimeout(() => this.connect(), delay);
      this.changed();
    };
  }

  private send(msg: ClientMsg): void {
    this.ws?.send(JSON.stringify(msg));
  }

  private receive(msg: ServerMsg): void {
    if ("stateHash" in msg && typeof msg.stateHash === "string") this.stateHash = msg.stateHash;
    switch (msg.type) {
      case "joined": {
        this.status = "open";
        this.retries = 0;
        this.regulation = msg.regulation ?? this.regulation;
        if (this.table && Array.isArray(msg.entries)) this.update({ entries: msg.entries, view: msg.view });
        else this.fresh(msg.viewer, msg.version, msg.view);
        break;
      }
      case "events": {
        // A push: the new entries and the patch of the view, or the whole view
        // (an older server). An `events` reply to `events_since` carries neither: the page
        // asks for `view` instead.
        const entries = msg.entries;
        if (msg.patch) this.update({ entries, patch: msg.patch });
        else if (msg.view) this.update({ entries, view: msg.view });
        break;
      }
      case "view":
        if (this.table) this.fresh(this.table.viewer, msg.version, msg.view);
        break;
      case "ack": {
        // The element or panel that sent the action shows a refusal (with its law).
        const resolve = msg.id === null ? undefined : this.waiting.get(msg.id);
        if (msg.id !== null) this.waiting.delete(msg.id);
        if (msg.ok) clearToasts();
        resolve?.(msg.ok ? { ok: true } : { ok: false, rejection: msg.rejection });
        break;
      }
      case "error": {
        const code = msg.code;
        if (typeof msg.id !== "number") serverError(code, msg.message);
        if (typeof msg.id === "number") {
          this.waiting.get(msg.id)?.({ ok: false, rejection: { code, law: "", message: msg.message } });
          this.waiting.delete(msg.id);
        }
        // A stream that cannot be resumed: start over from a fresh view. Joined, ask for the
        // view; still joining (the server does not hold the version this page resumes from,
        // e.g. its store was restored from an older copy), join again without `since`.
        if (code === "BAD_VERSION") {
          if (this.status === "open") this.send({ type: "view" });
          else this.send({ type: "join", table: this.tableId, token: this.token });
        }
        // Nothing to join with this token, another page took this seat over, or the board's
        // review period is over: give up (reconnecting would only take the seat back).
        if (code === "REPLACED" || code === "TOKEN_EXPIRED" || (!this.table && (code === "BAD_TOKEN" || code === "UNKNOWN_TABLE"))) {
          this.status = "failed";
          this.ws?.close();
        }
        break;
      }
    }
    this.follow();
    this.changed();
  }

  /** Keeps the hands of the view now (a hand appears when the view gives it: dummy's once
   * the opening lead is faced; a card played leaves it). */
  private follow(): void {
    const hands = this.table?.view().hands ?? {};
    const text = JSON.stringify(hands);
    if (text === this.handsText) return;
    this.hands = hands;
    this.handsText = text;
    this.handsVersion++;
  }

  /** A fresh start from a view: the package's `SeatTable` (the crate's src/seat_table.rs). */
  private fresh(viewer: Viewer, version: number, view: View): void {
    const old = this.table;
    this.table = new SeatTable(viewer, version, view);
    if (this.source) this.source.seatTable = this.table;
    else this.source = fromSeatTable(this.table, (a) => this.send_(a), parseCall);
    old?.free();
  }

  private update(u: Update): void {
    try {
      this.table?.receive(u);
    } catch {
      // A gap: never guess over it; ask the server for the view now.
      this.send({ type: "view" });
    }
  }

  ctx(): Ctx {
    const t = this.table!;
    const viewer = t.viewer;
    const me = isSeat(viewer) ? viewer : null;
    const preset: Preset = this.regulation?.preset ?? "online";
    const view = t.view();
    return {
      view,
      // Answered by the client table from the view's head it holds (docs/PROTOCOL.md, "The client's table").
      may: { ask: t.mayAsk(), askable: t.askable(), review: t.mayReview(), askLead: t.mayAskLead(), askContract: t.mayAskContract(), correctable: t.correctable(), answer: t.questionsToAnswer() },
      viewer,
      me,
      preset,
      disclosure: view.regulation.disclosure,
      act: (kind) => this.act(kind),
      parse: parseOrToast,
    };
  }

  /** Sends an action from the page's panels (through the source: the feed learns it was accepted); a refusal is a toast. */
  act(kind: ActionKind): Promise<Acted> {
    if (!this.source || this.status !== "open") {
      toast({ kind: "error", code: "NOT_CONNECTED", law: "", message: "", key: "ui.demo.not_connected" });
      return Promise.resolve(undefined);
    }
    const viewer = this.table?.viewer;
    // Its refusal (the engine's or the server's) in the player's language too (the toast words it).
    return this.source.act(kind).then((out) => toasted(out, kind, viewer && isSeat(viewer) ? viewer : null));
  }

  /** Sends an action as this connection's viewer (the server fills in the seat) and waits for its ack. */
  private send_(kind: ActionKind): Promise<Acted> {
    if (!this.ws || this.status !== "open" || !this.table) return Promise.resolve(undefined);
    const id = this.nextId++;
    this.send({ type: "act", id, action: kind });
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }
}

/** The connection banner: "connecting…", "reconnecting…", or why the page cannot join. */
export function renderBanner(app: OnlineApp): void {
  const text = app.status === "open" ? "" : t(`ui.demo.conn.${app.status}`);
  const banner = byId("conn-banner");
  // Told when the state changes (not when the same state is worded in another language).
  if (banner.dataset.conn !== app.status && (text || !banner.hidden)) {
    document.dispatchEvent(new CustomEvent(ANNOUNCE, { detail: { text: text || t("ui.demo.conn.connected") } }));
  }
  banner.dataset.conn = app.status;
  banner.hidden = !text;
  banner.textContent = text;
  document.body.dataset.conn = app.status;
  const who = app.table ? viewerLabel(app.table.viewer) : "";
  const [before, after] = t("ui.demo.online.you_are", { table: app.tableId, who: "\u0000" }).split("\u0000");
  fill("online-who", who ? [before, h("strong", {}, who), after] : t("ui.demo.online.table", { table: app.tableId }));
}

/** The lobby's regulations: the label's key (`ui.demo.lobby.regulation.<name>`) and the options sent. */
const LOBBY_REGULATIONS: [string, TableRegulation][] = [
  ["online", "online"],
  ["online_rectify", { preset: "online", irregularities: "rectify" }],
  ["online_tournament", "online_tournament"],
  ["face_to_face", "face_to_face"],
  ["screens", "screens"],
];
type TableRegulation = string | Record<string, string>;
const VULNERABILITIES = ["None", "NS", "EW", "All"];

/** The table the lobby made (its id and one token per viewer), to list its links. */
let created: { id: string; tokens: Record<string, string> } | null = null;

/** The lobby (`?online`): creates a table and lists the six links to open; drawn again in a new language. */
export function renderLobby(): void {
  const select = (name: string, options: [string, string][]) =>
    h("label", {}, t(`ui.demo.setup.${name}`), " ",
      h("select", { name }, options.map(([v, label]) => h("option", { value: v }, label))));
  const form = h("form", { id: "lobby-form", class: "setup" },
    select("regulation", LOBBY_REGULATIONS.map(([v]) => [v, t(`ui.demo.lobby.regulation.${v}`)])),
    select("dealer", SEATS.map((s) => [s, seatLabel(s)])),
    select("vulnerability", VULNERABILITIES.map((v) => [v, t(`ui.demo.setup.vulnerability.${v}`)])),
    h("button", { type: "submit", class: "primary" }, t("ui.demo.lobby.create")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const regulation = LOBBY_REGULATIONS.find(([v]) => v === f.regulation)?.[1] ?? "online";
    const res = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ options: { dealer: f.dealer, vulnerability: f.vulnerability, regulation } }),
    });
    // The bodies' types are generated from the server's (protocol.gen.ts).
    const body = (await res.json().catch(() => null)) as Created | ApiError | null;
    if (!res.ok || !body || !("tokens" in body)) {
      const refused = body && "code" in body ? body : null;
      return serverError(refused?.code ?? "ERROR", refused?.message ?? res.statusText);
    }
    created = { id: body.id, tokens: body.tokens };
    renderLobby();
  });
  const link = (id: string, token: string) => `${location.pathname}?table=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
  const links = h("div", { id: "lobby-links" }, created
    ? [h("p", {}, t("ui.demo.lobby.links", { table: created.id })),
        h("ul", {}, (["N", "E", "S", "W", "director", "spectator"] as Viewer[]).map((v) =>
          h("li", {}, h("a", { href: link(created!.id, created!.tokens[v]), target: "_blank", "data-viewer": v }, viewerLabel(v)))))]
    : null);
  fill("lobby", h("div", { class: "panel" }, h("h2", {}, t("ui.demo.lobby.title")), form, links));
}

onLocale(() => {
  if (document.body.dataset.mode === "lobby") renderLobby();
});
