// The demo table, built from bridge-laws/elements: the bidding box, the auction, the
// decision, the hands, the feed and the live region render themselves from one source (a
// `Table` in this page, seen by the viewer chosen); the compass and the other panels are drawn
// here from the same view after every change. With `?table=…&token=…` the page is one viewer
// at a table on the reference server instead (online.ts), its source a `SeatTable` kept from
// the server's pushes; with `?online` it is the lobby that creates such a table.
import type { TableOptions, Viewer } from "bridge-laws";
import type { Hand, TableElement, TableSource } from "bridge-laws/elements";
import { App, type Host } from "./app";
import { SEATS, viewerLabel } from "./calls";
import { byId, drawingFor, h } from "./dom";
import { renderEvents } from "./feed";
import { keepFocus } from "./focus";
import { applyLocale, LANGUAGES, locale, onLocale, setLocale, t } from "./i18n";
import { renderActions, renderDirector, renderPlay, renderQuestions } from "./panels";
import { renderCompass } from "./table";
import { OnlineApp, renderBanner, renderLobby } from "./online";
import "./style.css";

/** Gives every element of the page its source; the hands are shown at a table given the deal
 *  (`dealt`: the `<bl-hand>`s draw the view's `hands`; the page gives them no card). */
function wire(source: TableSource, dealt: boolean): void {
  for (const el of document.querySelectorAll<TableElement>("bl-bidding-box, bl-auction, bl-decision, bl-feed, bl-announcer, bl-hand")) el.source = source;
  byId("hands").hidden = !dealt;
}

const VIEWERS: Viewer[] = [...SEATS, "director", "spectator"];

/** The language choice in the header: every language offered, named in itself; the page follows it. */
function languageChoice(): void {
  const select = byId<HTMLSelectElement>("language");
  select.replaceChildren(...LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code }, name)));
  select.value = locale();
  select.addEventListener("change", () => setLocale(select.value));
  applyLocale();
}

function options(): TableOptions {
  const value = (id: string) => byId<HTMLSelectElement>(id).value;
  return {
    dealer: value("dealer") as TableOptions["dealer"],
    vulnerability: value("vulnerability") as TableOptions["vulnerability"],
    regulation: value("regulation") as TableOptions["regulation"],
  };
}

function render(app: Host): void {
  const c = app.ctx();
  drawingFor(c.viewer);
  document.body.dataset.viewer = c.viewer;
  document.body.dataset.phase = c.view.phase;
  for (const b of document.querySelectorAll<HTMLButtonElement>("#viewer-switch button")) {
    b.setAttribute("aria-pressed", String(b.dataset.viewer === c.viewer));
  }
  renderCompass(c);
  byId("auction-hint").textContent = c.may.askable.length ? t("ui.demo.auction.hint") : "";
  renderQuestions(c);
  renderActions(c);
  renderPlay(c);
  renderDirector(c);
  renderEvents(c.view.events);
  // After every listener of this change (the elements draw after the page's panels).
  queueMicrotask(keepFocus);
}

/** One browser switching between the viewers of a local Table. */
function singleBrowser(): void {
  const app = new App(options());
  byId("viewer-switch").append(
    ...VIEWERS.map((viewer) =>
      h("button", { type: "button", "data-viewer": viewer, "aria-pressed": "false", onclick: () => app.setViewer(viewer) }, viewerLabel(viewer))),
  );
  // A new language: the buttons relabelled in place (focus kept), the panels drawn again.
  onLocale(() => {
    for (const b of document.querySelectorAll<HTMLButtonElement>("#viewer-switch button")) b.textContent = viewerLabel(b.dataset.viewer as Viewer);
    render(app);
  });
  byId<HTMLFormElement>("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    app.newBoard(options());
    wire(app.source, true);
  });
  byId<HTMLInputElement>("follow-turn").addEventListener("change", (ev) => {
    app.followTurn = (ev.target as HTMLInputElement).checked;
    app.changed();
  });
  app.onChange(() => render(app));
  wire(app.source, true);
  render(app);
  document.body.dataset.ready = "true";
}

/** One viewer at a table on the server: no setup, no viewer switch. */
function online(table: string, token: string): void {
  document.body.dataset.mode = "online";
  byId("setup").hidden = true;
  byId("viewers").hidden = true;
  byId("online-bar").hidden = false;
  byId("main").hidden = true;
  // A table on the server holds one board: "Next board" (which submits this form) goes to
  // the lobby, where the next table is made.
  byId<HTMLFormElement>("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    location.search = "?online";
  });
  const app = new OnlineApp(table, token);
  onLocale(() => {
    renderBanner(app);
    if (app.table && app.source) render(app);
  });
  let wired = -1;
  app.onChange(() => {
    renderBanner(app);
    if (!app.table || !app.source) return;
    // Again whenever the view's hands change (dummy's appears once the opening lead is faced).
    if (wired !== app.handsVersion) {
      wired = app.handsVersion;
      wire(app.source, app.table.view().dealt ?? false);
      // A hand this viewer may not see is not shown at all (not "empty").
      for (const hand of document.querySelectorAll<Hand>("bl-hand")) hand.hidden = !app.hands[hand.seat!];
    }
    byId("main").hidden = false;
    render(app);
    document.body.dataset.ready = "true";
  });
  renderBanner(app);
}

languageChoice();
const params = new URLSearchParams(location.search);
const table = params.get("table");
const token = params.get("token");
if (table && token) online(table, token);
else if (params.has("online")) {
  document.body.dataset.mode = "lobby";
  byId("setup").hidden = true;
  byId("viewers").hidden = true;
  byId("main").hidden = true;
  byId("lobby").hidden = false;
  renderLobby();
  document.body.dataset.ready = "true";
} else singleBrowser();
