//! The JavaScript API in Node.js: `wasm-pack test --node -- --test node`.
#![cfg(target_arch = "wasm32")]

mod js_api;
