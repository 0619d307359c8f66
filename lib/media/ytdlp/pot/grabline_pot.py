"""YouTube proof-of-origin tokens for yt-dlp, minted by bgutils-js inside a Deno sandbox.

Importing this module registers the provider with yt-dlp's PO token interface (yt_dlp.extractor.youtube.pot), as
its plugin documentation describes; worker.py imports it only when the operator turned PO tokens on. yt-dlp asks
the provider for a token per content binding and keeps it in its own memory cache until the `expires_at` we return
(the integrity token's lifetime); the Deno process keeps the minter until that token's refresh time.

The sandbox: Deno may open connections only to the challenge's hosts (through the egress proxy yt-dlp uses), read
only minter.js itself and bgutils-js, and gets no environment, write or subprocess permission.
"""
import json
import os
import selectors
import subprocess
import threading
import time

from yt_dlp.extractor.youtube.pot.provider import (
    ExternalRequestFeature,
    PoTokenContext,
    PoTokenProvider,
    PoTokenProviderError,
    PoTokenProviderRejectedRequest,
    PoTokenResponse,
    register_preference,
    register_provider,
)
from yt_dlp.extractor.youtube.pot.utils import WEBPO_CLIENTS, get_webpo_content_binding

HERE = os.path.dirname(os.path.abspath(__file__))
MINTER = os.path.join(HERE, 'minter.js')
MINT_TIMEOUT_S = 30

# What a provider did last in this process, for the worker's engine report.
STATE = {'state': 'ready', 'at': None, 'error': None}


def _record(state, error=None):
    STATE.update(state=state, at=int(time.time()), error=error)


class Sandbox:
    """One long-lived Deno process running minter.js; restarted when it dies or the proxy changes."""

    def __init__(self, deno, bgutils, origin, hosts, proxy):
        self.key = (deno, bgutils, origin, tuple(hosts), proxy)
        env = {'DENO_NO_UPDATE_CHECK': '1', 'DENO_NO_PROMPT': '1', 'NO_COLOR': '1'}
        home = os.environ.get('TMPDIR')
        if home:
            env['DENO_DIR'] = os.path.join(home, 'deno-pot')
        if proxy:
            # Deno's fetch goes through the egress proxy; the script cannot read these (no --allow-env).
            env['HTTPS_PROXY'] = env['HTTP_PROXY'] = proxy
        args = [
            deno, 'run', '--no-prompt', '--no-remote', '--no-config', '--no-lock', '--no-code-cache',
            '--node-modules-dir=none', '--cached-only',
            f'--allow-net={",".join(hosts)}', f'--allow-read={MINTER},{bgutils}',
            MINTER, bgutils, origin,
        ]
        self.process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=HERE)
        self.lock = threading.Lock()

    def alive(self):
        return self.process.poll() is None

    def mint(self, binding):
        with self.lock:
            self.process.stdin.write((json.dumps({'binding': binding}) + '\n').encode())
            self.process.stdin.flush()
            selector = selectors.DefaultSelector()
            selector.register(self.process.stdout, selectors.EVENT_READ)
            try:
                if not selector.select(MINT_TIMEOUT_S):
                    self.close()
                    raise PoTokenProviderError('The token minter did not answer in time', expected=True)
            finally:
                selector.close()
            line = self.process.stdout.readline()
        if not line:
            raise PoTokenProviderError('The token minter stopped', expected=True)
        return json.loads(line)

    def close(self):
        if self.alive():
            self.process.kill()
        self.process.wait()


SANDBOX = {'current': None}


def available():
    """The pool names the Deno binary and bgutils-js's folder; without either there is nothing to mint with."""
    deno, bgutils = os.environ.get('GRABLINE_DENO'), os.environ.get('GRABLINE_BGUTILS')
    return bool(deno and bgutils and os.path.isfile(deno) and os.path.isdir(bgutils) and os.path.isfile(MINTER))


@register_provider
class GrablineBgUtilsPTP(PoTokenProvider):
    PROVIDER_NAME = 'grabline-bgutils'
    PROVIDER_VERSION = '1.0.0'
    BUG_REPORT_LOCATION = 'the Grabline operator'

    _SUPPORTED_CONTEXTS = (PoTokenContext.GVS, PoTokenContext.PLAYER, PoTokenContext.SUBS)
    _SUPPORTED_CLIENTS = WEBPO_CLIENTS
    _SUPPORTED_EXTERNAL_REQUEST_FEATURES = (ExternalRequestFeature.PROXY_SCHEME_HTTP,)

    # Where the challenge lives and the only hosts the sandbox may reach: the challenge API and, when a challenge
    # names its interpreter by URL instead of inline, Google's script host.
    CHALLENGE_ORIGIN = 'https://www.youtube.com'
    NET_HOSTS = ('www.youtube.com:443', 'www.google.com:443')
    # Every request of the workers goes through the egress proxy; without one the sandbox would bypass its rules.
    REQUIRE_PROXY = True

    def is_available(self):
        return available()

    def _sandbox(self, proxy):
        deno, bgutils = os.environ.get('GRABLINE_DENO'), os.environ.get('GRABLINE_BGUTILS')
        key = (deno, bgutils, self.CHALLENGE_ORIGIN, tuple(self.NET_HOSTS), proxy)
        current = SANDBOX['current']
        if current is not None and current.key == key and current.alive():
            return current
        if current is not None:
            current.close()
        SANDBOX['current'] = Sandbox(deno, bgutils, self.CHALLENGE_ORIGIN, self.NET_HOSTS, proxy)
        return SANDBOX['current']

    def _real_request_pot(self, request):
        if self.REQUIRE_PROXY and not request.request_proxy:
            raise PoTokenProviderRejectedRequest('PO tokens are minted only through the egress proxy')
        binding, _kind = get_webpo_content_binding(request)
        if not binding:
            raise PoTokenProviderRejectedRequest('This request has no content binding to mint a token for')
        try:
            answer = self._sandbox(request.request_proxy).mint(binding)
        except PoTokenProviderError as exc:
            _record('failing', str(exc))
            raise
        except (OSError, ValueError) as exc:
            _record('failing', 'The token minter could not be run')
            raise PoTokenProviderError(f'The token minter could not be run: {exc}', expected=True) from exc
        if not isinstance(answer, dict) or not isinstance(answer.get('poToken'), str):
            message = str((answer or {}).get('error') or 'No token') if isinstance(answer, dict) else 'No token'
            _record('failing', message[:200])
            raise PoTokenProviderError(f'BotGuard gave no token: {message}', expected=True)
        _record('working')
        expires_at = answer.get('expiresAt')
        return PoTokenResponse(po_token=answer['poToken'], expires_at=int(expires_at) if isinstance(expires_at, (int, float)) else None)


@register_preference(GrablineBgUtilsPTP)
def grabline_preference(_provider, _request):
    return 100


def status():
    """'ready' until a token is asked for, then 'working' or 'failing' after the last attempt."""
    return dict(STATE)
