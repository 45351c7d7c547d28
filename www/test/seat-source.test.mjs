// A seat's page online (bridge-laws/elements' `fromSeatTable`) reads, after every push, the
// very view its `SeatTable` holds — equal to the server table's view of that seat — and a view
// once read never changes under it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SeatTable, Table, parseCall } from "bridge-laws";
import { builtIn } from "../bench/auctions.mjs";
import { patchOf } from "../bench/patch.mjs";

const SEATS = ["N", "E", "S", "W"];

test("a seat's page reads at every push of a board the SeatTable's own view, equal to the table's, never changed once read", async () => {
  const { fromSeatTable } = await import("bridge-laws/elements");
  // Real auctions (the benchmark's classic set), and one with calls alerted and explained.
  const boards = builtIn(12).auctions.map((a) => ({ dealer: a.dealer, vul: a.vul, actions: a.calls.map((call) => ({ call })) }));
  boards.push({ dealer: "N", vul: "NS", actions: [{ call: "1NT" }, { call: "2C", alert: true, explanation: "majors, at least 4-4" }, { call: "X" }, { call: "P" }, { call: "P" }, { call: "P" }] });
  let pushes = 0;
  for (const b of boards) {
    for (const viewer of SEATS) {
      const table = new Table({ dealer: b.dealer, vulnerability: b.vul, regulation: "online" });
      const st = new SeatTable(viewer, table.streamVersion(viewer), table.view(viewer));
      const source = fromSeatTable(st, () => Promise.resolve(undefined), parseCall);
      let version = st.version;
      let before = table.view(viewer);
      const read = [];
      b.actions.forEach((a, i) => {
        const seat = SEATS[(SEATS.indexOf(b.dealer) + i) % 4];
        assert.ok(table.apply({ seat, type: "call", ...a }).ok, `${seat} ${a.call}`);
        const after = table.view(viewer);
        st.receive({ entries: table.eventsSince(viewer, version), patch: patchOf(before, after) });
        source.changed();
        const view = source.view();
        assert.equal(view, st.view(), "the source hands out the SeatTable's own view");
        assert.deepEqual(view, after, `${viewer}'s view after call ${i + 1}`);
        read.push([view, JSON.stringify(view)]);
        version = table.streamVersion(viewer);
        before = after;
        pushes++;
      });
      for (const [view, json] of read) assert.equal(JSON.stringify(view), json, "a view read is never changed by a later push");
      st.free();
      table.free();
    }
  }
  assert.ok(pushes > 200, `${pushes} pushes checked`);
});
