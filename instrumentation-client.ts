import { config } from 'zod/v4/core';

// Runs in the browser before the app. zod 4 compiles object parsers with `new Function`, which the pages'
// Content-Security-Policy forbids (no eval): a parse in the browser would report a violation. The jitless parser
// gives the same results without eval. Only the core's configuration is imported here: the browser's code
// validates nothing itself (the server does), so the validator is not part of any page's JavaScript.
config({ jitless: true });
