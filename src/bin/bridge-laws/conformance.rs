//! The conformance runner: scenario files in the JSON format of SPEC §7.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use bridge_laws::{Action, InputError, Outcome, RegulationSpec, Seat, Table, TableOptions, Viewer, Vulnerability};

#[derive(Deserialize)]
struct ScenarioBoard {
    dealer: Seat,
    vulnerability: Vulnerability,
}

#[derive(Deserialize)]
struct Scenario {
    id: String,
    #[serde(default)]
    regulation: RegulationSpec,
    board: ScenarioBoard,
    steps: Vec<Value>,
    #[serde(default)]
    r#final: Option<Value>,
}

/// The result of one scenario: its id, and the first failure if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioResult {
    /// Scenario id (or file name when the file could not be read).
    pub id: String,
    /// Why it failed.
    pub failure: Option<String>,
}

/// Runs one scenario given as JSON text.
pub fn run_text(text: &str, fallback_id: &str) -> ScenarioResult {
    let scenario: Scenario = match serde_json::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            return ScenarioResult {
                id: fallback_id.to_string(),
                failure: Some(format!("not a scenario: {e}")),
            }
        }
    };
    let id = scenario.id.clone();
    ScenarioResult {
        id,
        failure: run(scenario).err(),
    }
}

/// Applies a scenario's steps, ignoring its expectations, and returns one line per step:
/// the action and its outcome as JSON, then the Director's view at the end.
///
/// # Errors
/// When the text is not a scenario.
pub fn trace(text: &str) -> Result<Vec<String>, String> {
    let s: Scenario = serde_json::from_str(text).map_err(|e| format!("not a scenario: {e}"))?;
    let mut table = new_table(&s)?;
    let mut lines = Vec::new();
    for mut step in s.steps {
        if let Some(o) = step.as_object_mut() {
            o.remove("expect");
        }
        let outcome = match serde_json::from_value::<Action>(step.clone()) {
            Ok(a) => table.apply(a),
            Err(e) => Outcome::Rejected(InputError::bad_input(e.to_string()).into()),
        };
        let out = serde_json::to_string(&outcome).unwrap_or_default();
        lines.push(format!("{step}\n  => {out}"));
    }
    let view = serde_json::to_string(&table.view(Viewer::Director)).unwrap_or_default();
    lines.push(format!("director view: {view}"));
    Ok(lines)
}

fn new_table(s: &Scenario) -> Result<Table, String> {
    Table::new(TableOptions {
        dealer: s.board.dealer,
        vulnerability: s.board.vulnerability,
        regulation: s.regulation.clone(),
        board: None,
        deal: None,
    })
    .map_err(|r| r.to_string())
}

fn run(s: Scenario) -> Result<(), String> {
    let mut table = Table::new(TableOptions {
        dealer: s.board.dealer,
        vulnerability: s.board.vulnerability,
        regulation: s.regulation,
        board: None,
        deal: None,
    })
    .map_err(|r| r.to_string())?;
    for (i, step) in s.steps.into_iter().enumerate() {
        let mut step = step;
        let expect = step.as_object_mut().and_then(|o| o.remove("expect"));
        let before = table.state_hash();
        let outcome = match serde_json::from_value::<Action>(step.clone()) {
            Ok(a) => table.apply(a),
            Err(e) => Outcome::Rejected(InputError::bad_input(e.to_string()).into()),
        };
        check_step(&table, &outcome, expect.as_ref(), &before).map_err(|e| format!("step {i} {step}: {e}"))?;
    }
    if let Some(f) = s.r#final {
        check_state(&table, &f).map_err(|e| format!("final: {e}"))?;
    }
    Ok(())
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

fn check_step(table: &Table, outcome: &Outcome, expect: Option<&Value>, before: &str) -> Result<(), String> {
    if let Some(code) = expect.and_then(|e| e.get("rejected")).and_then(Value::as_str) {
        return match outcome.rejection() {
            Some(r) if r.code().as_str() == code => {
                if table.state_hash() != before {
                    return Err("a refused action changed the table".into());
                }
                Ok(())
            }
            Some(r) => Err(format!("expected rejection {code}, got {}", r)),
            None => Err(format!("expected rejection {code}, but it was accepted")),
        };
    }
    if let Some(r) = outcome.rejection() {
        return Err(format!("expected acceptance, got {r}"));
    }
    let Some(e) = expect else { return Ok(()) };
    let kinds: Vec<String> = outcome
        .events()
        .iter()
        .filter_map(|ev| serde_json::to_value(ev).ok())
        .filter_map(|v| v.get("kind").and_then(Value::as_str).map(str::to_string))
        .collect();
    for want in e.get("events").map(strings).unwrap_or_default() {
        if !kinds.contains(&want) {
            return Err(format!("missing event {want}; got {kinds:?}"));
        }
    }
    let codes: Vec<&str> = outcome.warnings().iter().map(|w| w.code.as_str()).collect();
    for want in e.get("warnings").map(strings).unwrap_or_default() {
        if !codes.contains(&want.as_str()) {
            return Err(format!("missing warning {want}; got {codes:?}"));
        }
    }
    for not in e.get("no_warnings").map(strings).unwrap_or_default() {
        if codes.contains(&not.as_str()) {
            return Err(format!("unexpected warning {not}"));
        }
    }
    if let Some(seen) = e.get("seen") {
        check_seen(outcome, seen)?;
    }
    if let Some(st) = e.get("state") {
        check_state(table, st)?;
    }
    Ok(())
}

fn viewer_of(key: &str) -> Result<Viewer, String> {
    key.parse().map_err(|_| format!("unknown viewer {key}"))
}

/// Whether `got` holds every field of `want` with the same value (objects compared field by
/// field, recursively; anything else exactly).
fn holds(got: &Value, want: &Value) -> bool {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => w.iter().all(|(k, wv)| g.get(k).is_some_and(|gv| holds(gv, wv))),
        _ => got == want,
    }
}

/// `seen: {viewer: {events, warnings, no_events, no_warnings}}`: what each named viewer
/// receives of this step (the outcome's events and warnings whose audience includes him).
/// `events` / `warnings` are objects each of which must match one received (a subset of its
/// fields: `{"kind": "director_summoned", "by": "N"}`; a warning by `code`, `severity`,
/// `message`…); `no_events` (kinds) and `no_warnings` (codes) must reach him not at all.
fn check_seen(outcome: &Outcome, seen: &Value) -> Result<(), String> {
    let Some(per_viewer) = seen.as_object() else {
        return Err("seen is not an object".into());
    };
    for (key, want) in per_viewer {
        let viewer = viewer_of(key)?;
        let events: Vec<Value> = outcome
            .events()
            .iter()
            .filter(|ev| ev.audience.contains(viewer))
            .filter_map(|ev| serde_json::to_value(ev).ok())
            .collect();
        let warnings: Vec<Value> = outcome
            .warnings()
            .iter()
            .filter(|w| w.audience.contains(viewer))
            .filter_map(|w| serde_json::to_value(w).ok())
            .collect();
        let lists = [("events", &events, "kind"), ("warnings", &warnings, "code")];
        for (field, got, name) in lists {
            for w in want.get(field).and_then(Value::as_array).into_iter().flatten() {
                if !got.iter().any(|g| holds(g, w)) {
                    let names: Vec<&Value> = got.iter().filter_map(|g| g.get(name)).collect();
                    return Err(format!("{key} did not receive {field} {w}; received {names:?}"));
                }
            }
            let none = format!("no_{field}");
            for not in want.get(&none).map(strings).unwrap_or_default() {
                if let Some(g) = got
                    .iter()
                    .find(|g| g.get(name).and_then(Value::as_str) == Some(not.as_str()))
                {
                    return Err(format!("{key} received {g}, which {none} excludes"));
                }
            }
        }
    }
    Ok(())
}

/// The value at `path` (dot-separated object keys and array positions) in `v`.
fn at_path<'v>(v: &'v Value, path: &str) -> Option<&'v Value> {
    if path.is_empty() {
        return Some(v);
    }
    path.split('.').try_fold(v, |v, part| match v {
        Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i)),
        Value::Object(o) => o.get(part),
        _ => None,
    })
}

fn seat_of(key: &str) -> Result<Seat, String> {
    key.parse().map_err(|_| format!("unknown seat {key}"))
}

/// The object `{key: answer(key)}` for every key of the expected object `want`.
fn per_key(want: &Value, answer: impl Fn(&str) -> Result<Value, String>) -> Result<Value, String> {
    let mut m = serde_json::Map::new();
    for key in want.as_object().into_iter().flat_map(|o| o.keys()) {
        m.insert(key.clone(), answer(key)?);
    }
    Ok(Value::Object(m))
}

fn check_state(table: &Table, want: &Value) -> Result<(), String> {
    let Some(obj) = want.as_object() else {
        return Err("state is not an object".into());
    };
    for (key, v) in obj {
        let got: Value = match key.as_str() {
            "phase" => serde_json::to_value(table.phase()).unwrap_or(Value::Null),
            "turn" => table.turn().map_or(Value::Null, |s| Value::String(s.to_string())),
            "calls" => Value::from(table.calls().iter().map(ToString::to_string).collect::<Vec<_>>()),
            "contract" => table.contract().map_or(Value::Null, |c| Value::String(c.to_string())),
            "declarer" => table
                .contract()
                .map_or(Value::Null, |c| Value::String(c.declarer.to_string())),
            "barred" => {
                // Every bar, as the Director's view shows them.
                let m: BTreeMap<String, Value> = table
                    .view(Viewer::Director)
                    .barred
                    .iter()
                    .map(|(s, kind)| (s.to_string(), serde_json::to_value(kind).unwrap_or(Value::Null)))
                    .collect();
                serde_json::to_value(m).unwrap_or(Value::Null)
            }
            "legal_calls" => per_key(v, |seat| {
                let calls: Vec<String> = table
                    .legal_calls(seat_of(seat)?)
                    .iter()
                    .map(|c| c.to_string())
                    .collect();
                Ok(Value::from(calls))
            })?,
            "visible" => per_key(v, |viewer| {
                let vw: Viewer = viewer.parse().map_err(|_| format!("unknown viewer {viewer}"))?;
                let seen: Vec<usize> = table
                    .view(vw)
                    .calls
                    .into_iter()
                    .filter(|c| !c.disclosures.is_empty())
                    .map(|c| c.index)
                    .collect();
                Ok(Value::from(seen))
            })?,
            // L26B: the restriction on the opening lead as everyone sees it (or null).
            "lead_restriction" => {
                serde_json::to_value(table.view(Viewer::Director).lead_restriction).unwrap_or(Value::Null)
            }
            // `{seat: [suits]}` exactly: the suits each listed seat may lead now (L26B).
            "legal_leads" => per_key(v, |seat| {
                let suits: Vec<&str> = table
                    .view(Viewer::Seat(seat_of(seat)?))
                    .legal_leads
                    .iter()
                    .map(|x| x.as_str())
                    .collect();
                Ok(Value::from(suits))
            })?,
            // `{viewer: {path: value}}`: fields of each named viewer's own view, by path
            // ("lead_restriction.leader", "calls.0.disclosures", "legal_leads"); a path that
            // leads nowhere reads as null.
            "views" => {
                let Some(per_viewer) = v.as_object() else {
                    return Err("views is not an object".into());
                };
                for (viewer, paths) in per_viewer {
                    let view = serde_json::to_value(table.view(viewer_of(viewer)?)).unwrap_or(Value::Null);
                    for (path, want) in paths.as_object().into_iter().flatten() {
                        let got = at_path(&view, path).unwrap_or(&Value::Null);
                        if got != want {
                            return Err(format!("views.{viewer}.{path}: expected {want}, got {got}"));
                        }
                    }
                }
                continue;
            }
            other => return Err(format!("unknown state key {other}")),
        };
        if &got != v {
            return Err(format!("{key}: expected {v}, got {got}"));
        }
    }
    Ok(())
}

/// Scenario files under `path` (a file, or a folder searched recursively), sorted.
pub fn scenario_files(path: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if path.is_dir() {
        if let Ok(rd) = std::fs::read_dir(path) {
            for e in rd.flatten() {
                out.extend(scenario_files(&e.path()));
            }
        }
    } else if path.extension().is_some_and(|e| e == "json") {
        out.push(path.to_path_buf());
    }
    out.sort();
    out
}

/// Runs every scenario file under `paths`.
pub fn run_paths(paths: &[PathBuf]) -> Vec<ScenarioResult> {
    let mut files: Vec<PathBuf> = paths.iter().flat_map(|p| scenario_files(p)).collect();
    files.sort();
    files.dedup();
    files
        .iter()
        .map(|f| {
            let name = f.display().to_string();
            match std::fs::read_to_string(f) {
                Ok(text) => run_text(&text, &name),
                Err(e) => ScenarioResult {
                    id: name,
                    failure: Some(format!("unreadable: {e}")),
                },
            }
        })
        .collect()
}
