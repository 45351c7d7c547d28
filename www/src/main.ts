// The demo table: wires the page to one bridge-laws Table and re-renders everything from
// table.view(viewer) after every action. With `?table=…&token=…` the page is one viewer at a
// table on the reference server instead (online.ts), rendered by the same functions from the
// view the server sends; with `?online` it is the lobby that creates such a table.
import type { TableOptions, Viewer } from "bridge-laws";
import { App, type Host } from "./app";
import { createBox, renderBox } from "./box";
import { SEAT_NAME, SEATS } from "./calls";
import { byId, drawingFor, h } from "./dom";
import { renderWarnings } from "./feed";
import { renderActions, renderDecision, renderDirector, renderPlay, renderQuestions } from "./panels";
import { renderAuction, renderCompass } from "./table";
import { OnlineApp, renderBanner, renderLobby } from "./online";
import "./style.css";

const VIEWERS: [Viewer, string][] = [...SEATS.map((s): [Viewer, string] => [s, SEAT_NAME[s]]), ["director", "Director"], ["spectator", "Spectator"]];

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
  renderAuction(c);
  renderBox(c);
  renderDecision(c);
  renderQuestions(c);
  renderActions(c);
  renderPlay(c);
  renderDirector(c);
  renderWarnings(c.view, c.viewer);
}

/** One browser switching between the viewers of a local Table. */
function singleBrowser(): void {
  const app = new App(options());
  byId("viewer-switch").append(
    ...VIEWERS.map(([viewer, label]) =>
      h("button", { type: "button", "data-viewer": viewer, "aria-pressed": "false", onclick: () => app.setViewer(viewer) }, label)),
  );
  byId<HTMLFormElement>("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    app.newBoard(options());
  });
  byId<HTMLInputElement>("follow-turn").addEventListener("change", (ev) => {
    app.followTurn = (ev.target as HTMLInputElement).checked;
    app.changed();
  });
  createBox(app);
  app.onChange(() => render(app));
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
  createBox(app);
  app.onChange(() => {
    renderBanner(app);
    if (!app.table) return;
    byId("main").hidden = false;
    render(app);
    document.body.dataset.ready = "true";
  });
  renderBanner(app);
}

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
