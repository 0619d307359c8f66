import { z } from 'zod';

// Runs in the browser before the app. zod 4 compiles object parsers with `new Function`, which the pages'
// Content-Security-Policy forbids (no eval): the browser would report a violation on the first parse. The
// jitless parser gives the same results without eval.
z.config({ jitless: true });
