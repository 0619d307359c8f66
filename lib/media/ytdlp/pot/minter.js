// Mints YouTube proof-of-origin tokens with bgutils-js. Runs only inside Deno, started by grabline_pot.py with the
// network limited to the challenge's hosts, reads limited to this file and bgutils-js, and no environment, write
// or subprocess permission: BotGuard's challenge code is evaluated here and can reach nothing else.
//
// Deno.args: [bgutils-js dist folder, challenge origin ('https://www.youtube.com')].
// stdin, one JSON line per token: {"binding": "<visitor data | video id | data sync id>"}
// stdout, one JSON line each: {"poToken": "…", "expiresAt": <unix s>} | {"error": "…"}

const [bgutilsDir, origin] = Deno.args;
const REQUEST_KEY = 'O43z0dpjhgX20SCx4KAo';

const { BotGuardClient, parseChallengeData, GOOG_API_KEY, USER_AGENT } = await import(`${bgutilsDir}/exports/botguard.js`);
const { WebPoMinter } = await import(`${bgutilsDir}/exports/webpo.js`);

const HEADERS = {
  'content-type': 'application/json+protobuf',
  'x-goog-api-key': GOOG_API_KEY,
  'x-user-agent': 'grpc-web-javascript/0.1',
  'user-agent': USER_AGENT,
};

async function post(endpoint, payload) {
  const response = await fetch(`${origin}/api/jnn/v1/${endpoint}`, {
    method: 'POST', headers: HEADERS, body: JSON.stringify(payload), signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`${endpoint} answered HTTP ${response.status}`);
  return response.json();
}

async function interpreterCode(challenge) {
  const inline = challenge.interpreterJavascript?.privateDoNotAccessOrElseSafeScriptWrappedValue;
  if (inline) return inline;
  const url = challenge.interpreterUrl?.privateDoNotAccessOrElseTrustedResourceUrlWrappedValue;
  if (!url) throw new Error('The challenge carries no interpreter');
  const response = await fetch(url.startsWith('//') ? `https:${url}` : url, { signal: AbortSignal.timeout(20_000) });
  if (!response.ok) throw new Error(`The interpreter answered HTTP ${response.status}`);
  return response.text();
}

/** One BotGuard run: the challenge, its snapshot, the integrity token, and the minter it unlocks. */
async function newMinter() {
  const challenge = parseChallengeData(await post('Create', [REQUEST_KEY]));
  if (!challenge.program || !challenge.globalName) throw new Error('The challenge carries no program');
  new Function(await interpreterCode(challenge))();
  const client = await BotGuardClient.create({ program: challenge.program, globalName: challenge.globalName, globalObject: globalThis });
  const webPoSignalOutput = [];
  const botguardResponse = await client.snapshot({ webPoSignalOutput });
  const [integrityToken, ttlSecs, refreshSecs] = await post('GenerateIT', [REQUEST_KEY, botguardResponse]);
  if (typeof integrityToken !== 'string') throw new Error('No integrity token in the answer');
  const ttl = Number.isFinite(ttlSecs) && ttlSecs > 0 ? ttlSecs : 3600;
  const refresh = Number.isFinite(refreshSecs) && refreshSecs >= 0 && refreshSecs < ttl ? refreshSecs : 0;
  const now = Math.floor(Date.now() / 1000);
  return {
    minter: await WebPoMinter.create({ integrityToken }, webPoSignalOutput),
    expiresAt: now + ttl,
    // A minter is reused until the token's refresh threshold, so a token never outlives its integrity token.
    renewAt: now + ttl - refresh,
  };
}

let current = null;

async function mint(binding) {
  if (!current || Math.floor(Date.now() / 1000) >= current.renewAt) current = await newMinter();
  return { poToken: await current.minter.mintAsWebsafeString(binding), expiresAt: current.expiresAt };
}

const encoder = new TextEncoder();
const write = (obj) => Deno.stdout.writeSync(encoder.encode(`${JSON.stringify(obj)}\n`));

let buffered = '';
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffered += chunk;
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline).trim();
    buffered = buffered.slice(newline + 1);
    if (!line) continue;
    try {
      const { binding } = JSON.parse(line);
      if (typeof binding !== 'string' || !binding) throw new Error('No content binding');
      write(await mint(binding));
    } catch (error) {
      current = null;
      write({ error: String(error?.message ?? error).slice(0, 300) });
    }
  }
}
