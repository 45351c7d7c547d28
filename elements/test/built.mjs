// Where the elements' tests find the elements as the package ships them (pkg/elements, built by
// elements/build.sh or scripts/build-pkg.sh), and what they need of the demo's install.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const PKG = fileURLToPath(new URL("../../pkg/", import.meta.url));

/** The URL of a built module of the elements (`i18n/vocabulary.js`); fails clearly when pkg/ lacks them. */
export function built(file) {
  const url = new URL(`../../pkg/elements/${file}`, import.meta.url);
  if (!existsSync(url)) throw new Error(`pkg/elements/${file} is missing: build with scripts/build-pkg.sh (or npm run build in elements/)`);
  return url.href;
}

/** A package from www's install (playwright-core): the elements have no install of their own. */
export const fromWww = createRequire(new URL("../../www/package.json", import.meta.url));
