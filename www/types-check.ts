// Compiled with `tsc --noEmit` (never run): the package's generated .d.ts types the API as
// a site uses it, and rejects what it should.
import { SeatTable, Table, parseCall, formatCall } from "bridge-laws";
import type { Action, Call, Card, DecisionKind, Outcome, Seat, Snapshot, TableOptions, View, Warning } from "bridge-laws";

const options: TableOptions = { dealer: "N", vulnerability: "None", regulation: "online", board: 1 };
const custom: TableOptions = { dealer: "E", vulnerability: "All", regulation: { preset: "face_to_face", undo: "off" } };
const table = new Table(options);
new Table(custom).free();

const opening: Action = { seat: "N", type: "call", call: "1NT", alert: true, explanation: "15-17" };
const out: Outcome = table.apply(opening);
if (out.ok) {
  const warnings: Warning[] = out.warnings;
  const kinds: string[] = out.events.map((e) => e.kind);
  void [warnings, kinds];
} else {
  const { code, law, message }: { code: string; law: string; message: string } = out.rejection;
  void [code, law, message];
}

const calls: Call[] = table.legalCalls("E");
const view: View = table.view("director");
const turn: Seat | null = view.turn;
const contract: string | null = view.contract;
const alerted: boolean[] = view.calls.map((c) => c.alerted);
const explanations: (string | null)[] = view.calls.flatMap((c) => c.disclosures.map((d) => d.text));
const pendingFor: string[] = view.pending?.awaiting ?? [];
const snapshot: Snapshot = table.toJSON();
const copy: Table = Table.fromJSON(snapshot);
const fromText: Table = Table.fromJSON(JSON.stringify(table));
const hash: string = copy.stateHash() + fromText.stateHash();
const canonical: Call = parseCall("1n");
const shown: string = formatCall("2h");
const kind: DecisionKind | undefined = view.pending?.kind;
const calls38: Call[] = ["P", "X", "XX", "1C", "3NT", "7S"];
const lead: Card = "HT";
const restrictable: string[] = view.lead_restriction?.restrictable ?? [];
const boundLeader: Seat | undefined = view.lead_restriction?.leader;
const leads: string[] = view.legal_leads;
void [calls, turn, contract, alerted, explanations, pendingFor, hash, canonical, shown, kind, calls38, lead, restrictable, boundLeader, leads];

// The client table answers what its seat may do now, from the view it holds.
const east = new SeatTable("E", table.streamVersion("E"), table.view("E"));
const mine: { ask: boolean; askable: number[]; review: boolean; askLead: boolean; askContract: boolean; correctable: number[]; answer: number[]; change: number[] } = {
  ask: east.mayAsk(),
  askable: east.askable(),
  review: east.mayReview(),
  askLead: east.mayAskLead(),
  askContract: east.mayAskContract(),
  correctable: east.correctable(),
  answer: east.questionsToAnswer(),
  change: east.changeOffers(),
};
const boxed: Call[] = east.legalCalls();
void [mine, boxed];
east.free();

const actions: Action[] = [
  { seat: "W", type: "ask", index: 0 },
  { seat: "E", type: "ask" },
  { seat: "S", type: "review" },
  { seat: "N", type: "explain", index: 0, text: "15-17 balanced" },
  { seat: "N", type: "replace_call", call: "2C" },
  { seat: "E", type: "respond", accept: true },
  { seat: "director", type: "ruling", on: "unintended", value: true },
  { seat: "director", type: "ruling", on: "artificial", value: true, specified: ["H", "S"] },
  { seat: "director", type: "ruling", on: "artificial", value: false, index: 3 },
  { seat: "N", type: "restrict_lead", suit: "S" },
  { seat: "N", type: "restrict_lead", suit: "D", require: true },
  { seat: "N", type: "restrict_lead" },
  { seat: "E", type: "lead", card: "SK" },
  { seat: "N", type: "play", card: "S2", from: "dummy" },
  { seat: "S", type: "call", call: "P", at: 1234 },
];
void actions;

// @ts-expect-error a call action needs its call
const missingCall: Action = { seat: "N", type: "call" };
// @ts-expect-error "Q" is not a seat
const badSeat: Action = { seat: "Q", type: "review" };
// @ts-expect-error a viewer is a seat, "director" or "spectator"
table.view("nobody");
// @ts-expect-error options need a dealer
new Table({ vulnerability: "None" });
// @ts-expect-error the outcome must be narrowed before reading the rejection
out.rejection.code;
// @ts-expect-error "8NT" is not a call
const eightNT: Call = "8NT";
// @ts-expect-error calls are canonical: "1NT", not "1N"
const oneN: Call = "1N";
// @ts-expect-error "S10" is written "ST"
const ten: Card = "S10";
// @ts-expect-error a seat is "N", "E", "S" or "W"
const north: Seat = "north";
// @ts-expect-error not a decision kind
const nokind: DecisionKind = "maybe";
void [missingCall, badSeat, eightNT, oneN, ten, north, nokind];
