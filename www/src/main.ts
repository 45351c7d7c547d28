// The demo table: wires the page to one bridge-laws Table and re-renders everything from
// table.view(viewer) after every action.
import type { TableOptions, Viewer } from "bridge-laws";
import { App } from "./app";
import { createBox, renderBox } from "./box";
import { SEAT_NAME, SEATS } from "./calls";
import { byId, h } from "./dom";
import { renderWarnings } from "./feed";
import { renderActions, renderDecision, renderDirector, renderPlay, renderQuestions } from "./panels";
import { renderAuction, renderCompass } from "./table";
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

const app = new App(options());

function render(): void {
  const c = app.ctx();
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
app.onChange(render);
render();
document.body.dataset.ready = "true";
