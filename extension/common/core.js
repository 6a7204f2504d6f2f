// The wasm core (dist/pkg/uri_list.js, made by wasm-bindgen from wasm/src/lib.rs). Every page and
// background module imports the core from here. Its declarations (dist/pkg/uri_list.d.ts) type
// every parameter and result: the TypeScript types in types/api/, which ts-rs generates from the
// Rust types that read and write them (src/check/, src/plan.rs, src/syntax/list.rs,
// src/message/, wasm/src/; ARCHITECTURE.md, "The boundary"; ./build.sh test fails when the
// committed ones are stale), so that `tsc --checkJs` fails on a field name the core does not
// have. A module that names one writes `import('../pkg/uri_list.js').CheckReport`.
import init, * as core from '../pkg/uri_list.js';

export default init;

// The calls the extension makes: its wasm (dist/pkg-ext, wasm/Cargo.toml's feature `extension`)
// exports these and no others, so a name added here must be exported there too (.ci/pack.mjs
// fails the build on one the package lacks).
export const { check, checkAll, plan, readPasted, encode, formatLinks, toText, fromText, webBase, webLink, linkInWebLink } = core;
