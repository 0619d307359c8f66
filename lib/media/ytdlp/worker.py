"""A warm yt-dlp worker: import yt_dlp once, then answer extraction requests over stdin/stdout.

Protocol (one JSON object per line):
  in:  {"id": 1, "url": "https://…", "options": {"proxy": "http://127.0.0.1:9", "noplaylist": false,
        "socketTimeout": 20}}
       {"id": 2, "cmd": "version"}
  out: {"ready": true, "version": "2023.03.04"}            once, after the import
       {"id": 1, "ok": true, "info": {…}} | {"id": 1, "ok": false, "error": {"code": "…", "message": "…"}}

stdout belongs to the protocol alone: the real fd 1 is kept for it and everything else (yt-dlp, Python
warnings, C extensions) is pointed at stderr, so a stray print can never corrupt a reply.
"""
import ipaddress
import json
import os
import re
import socket
import sys
from urllib.parse import urlsplit

PROTOCOL = os.fdopen(os.dup(1), 'w', encoding='utf-8', buffering=1)
os.dup2(2, 1)
sys.stdout = sys.stderr

import yt_dlp  # noqa: E402  (after the redirect: importing may already print)
from yt_dlp.utils import DownloadError, ExtractorError, GeoRestrictedError, UnsupportedError, UserNotLive  # noqa: E402

VERSION = yt_dlp.version.__version__


# The network rule: this process may open a connection to the egress proxy and nowhere else. yt-dlp applies
# its proxy to http(s) only, so a redirect to ftp://, a ws:// URL or any other scheme an extractor follows
# would otherwise connect straight to any host and port, the server's own loopback included. Confining the
# socket layer covers every scheme and every yt-dlp version alike, and the refusal happens before any packet
# leaves, with one text whatever the target: an open port cannot be told from a closed one.
REFUSED = 'Network access outside the egress proxy is refused'
PROXY_ADDRESS = None  # (ip, port) of the egress proxy, set from each request's options


def _refuse(*_args, **_kwargs):
    raise ConnectionRefusedError(REFUSED)


def _address_allowed(address):
    return PROXY_ADDRESS is not None and isinstance(address, tuple) and tuple(address[:2]) == PROXY_ADDRESS


def _literal_ip(host):
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


_connect = socket.socket.connect
_connect_ex = socket.socket.connect_ex
_getaddrinfo = socket.getaddrinfo


def _guarded_connect(sock, address):
    if not _address_allowed(address):
        _refuse()
    return _connect(sock, address)


def _guarded_connect_ex(sock, address):
    if not _address_allowed(address):
        _refuse()
    return _connect_ex(sock, address)


def _guarded_getaddrinfo(host, *args, **kwargs):
    # Through the proxy yt-dlp never resolves a site's name itself; only the proxy's literal address is looked up.
    if not isinstance(host, str) or not _literal_ip(host):
        raise socket.gaierror(socket.EAI_NONAME, REFUSED)
    return _getaddrinfo(host, *args, **kwargs)


def confine_network():
    socket.socket.connect = _guarded_connect
    socket.socket.connect_ex = _guarded_connect_ex
    socket.socket.sendto = _refuse
    socket.getaddrinfo = _guarded_getaddrinfo
    socket.gethostbyname = lambda host: host if _literal_ip(host) else _refuse()
    socket.gethostbyname_ex = _refuse


def use_proxy(proxy):
    """Only the egress proxy named by the pool is reachable; without one, nothing is."""
    global PROXY_ADDRESS
    if not proxy:
        PROXY_ADDRESS = None
        return
    parts = urlsplit(proxy)
    PROXY_ADDRESS = (parts.hostname, parts.port) if parts.hostname and _literal_ip(parts.hostname) else None


confine_network()
URL_IN_TEXT = re.compile(r'\b(?:https?|file|ftp)://\S+', re.IGNORECASE)


def js_runtimes():
    """yt-dlp solves YouTube's signature and n challenges in a JS runtime: the Deno binary the pool names. yt-dlp runs it
    with Deno's default deny-all permissions and --no-remote; older yt-dlp neither knows nor needs the option."""
    deno = os.environ.get('GRABLINE_DENO')
    if not deno:
        return None
    try:
        import importlib.util
        if importlib.util.find_spec('yt_dlp.utils._jsruntime') is None:
            return None
    except Exception:
        return None
    return {'deno': {'path': deno}}


# Remote components (the solver's npm packages fetched at run time) only when an operator opted in.
REMOTE_COMPONENTS = [c for c in os.environ.get('GRABLINE_REMOTE_COMPONENTS', '').split(',') if c]
JS_RUNTIMES = js_runtimes()


def po_token_provider():
    """YouTube's proof-of-origin tokens, when the operator turned them on: importing our provider registers it with
    yt-dlp's PO token interface. None when off; an error text when this engine or machine cannot provide them."""
    if os.environ.get('GRABLINE_PO_TOKENS') != '1':
        return None
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'pot'))
    try:
        import grabline_pot
    except ImportError:
        return 'This yt-dlp has no PO token provider interface'
    return grabline_pot


PO_TOKENS = po_token_provider()


def po_token_state():
    """'off', 'unavailable' (no interface, Deno or bgutils-js), 'ready' (none asked for yet), 'working' or 'failing'."""
    if PO_TOKENS is None:
        return 'off'
    if isinstance(PO_TOKENS, str) or not PO_TOKENS.available():
        return 'unavailable'
    return PO_TOKENS.status()['state']


class DropLogger:
    def debug(self, msg):
        pass

    info = warning = error = debug


# Why each video of the extraction in progress has no formats, by its id (the first reason given wins: the
# extractor's own, e.g. "This video is DRM protected" or "This live event will begin in…", comes before yt-dlp's
# generic "No video formats found!"). With ignore_no_formats_error these are warnings, not exceptions.
NO_FORMATS = {}
GENERIC_NO_FORMATS = 'No video formats found!'


def _record_no_formats(video_id, msg):
    text = getattr(msg, 'orig_msg', None) or str(msg or '')
    NO_FORMATS.setdefault(video_id, text or GENERIC_NO_FORMATS)


def record_no_formats_reasons():
    from yt_dlp.extractor.common import InfoExtractor

    ie_raise = InfoExtractor.raise_no_formats
    ydl_raise = yt_dlp.YoutubeDL.raise_no_formats

    def extractor_raise(self, msg, expected=False, video_id=None):
        if expected and self.get_param('ignore_no_formats_error'):
            _record_no_formats(video_id, msg)
        return ie_raise(self, msg, expected=expected, video_id=video_id)

    def ydl_raise_no_formats(self, info, forced=False, *, msg=None):
        if not forced and self.params.get('ignore_no_formats_error'):
            reason = msg or (info.get('_has_drm') and 'This video is DRM protected') or GENERIC_NO_FORMATS
            _record_no_formats(info.get('id'), reason)
        return ydl_raise(self, info, forced, msg=msg)

    InfoExtractor.raise_no_formats = extractor_raise
    yt_dlp.YoutubeDL.raise_no_formats = ydl_raise_no_formats


record_no_formats_reasons()


def tiktok_slides(aweme_detail):
    """A TikTok photo slideshow's pictures, in order: the web page's imagePost.images[].imageURL.urlList, or the app
    API's image_post_info.images[].display_image.url_list. yt-dlp reads neither (it offers the music track only)."""
    from yt_dlp.utils import int_or_none, url_or_none

    slides = []
    if not isinstance(aweme_detail, dict):
        return slides
    web = ((aweme_detail.get('imagePost') or {}).get('images')) or []
    app = ((aweme_detail.get('image_post_info') or {}).get('images')) or []
    for image in web if isinstance(web, list) else []:
        if not isinstance(image, dict):
            continue
        urls = [u for u in ((image.get('imageURL') or {}).get('urlList') or []) if url_or_none(u)]
        if urls:
            slides.append({'url': urls[0], 'width': int_or_none(image.get('imageWidth')), 'height': int_or_none(image.get('imageHeight'))})
    if slides:
        return slides
    for image in app if isinstance(app, list) else []:
        shown = image.get('display_image') if isinstance(image, dict) else None
        if not isinstance(shown, dict):
            continue
        urls = [u for u in (shown.get('url_list') or []) if url_or_none(u)]
        if urls:
            slides.append({'url': urls[0], 'width': int_or_none(shown.get('width')), 'height': int_or_none(shown.get('height'))})
    return slides


def attach_tiktok_slides():
    """Adds `grabline_slides` (the slideshow's pictures) to what yt-dlp's TikTok extractor returns for a post."""
    from yt_dlp.extractor import tiktok

    base = tiktok.TikTokBaseIE
    for name in ('_parse_aweme_video_web', '_parse_aweme_video_app'):
        original = getattr(base, name, None)
        if original is None:
            continue

        def parse(self, aweme_detail, *args, _original=original, **kwargs):
            info = _original(self, aweme_detail, *args, **kwargs)
            slides = tiktok_slides(aweme_detail)
            if slides and isinstance(info, dict):
                info['grabline_slides'] = slides
            return info

        setattr(base, name, parse)


attach_tiktok_slides()


def build_params(options):
    params = {
        'quiet': True,
        'no_warnings': True,
        'noprogress': True,
        'logger': DropLogger(),
        'skip_download': True,
        'simulate': True,
        'noplaylist': bool(options.get('noplaylist', False)),
        'extract_flat': 'in_playlist',
        # A carousel's photo slides are entries without formats (only their pictures, as thumbnails): they must not
        # fail the whole post. A lone video without formats is still refused in extract().
        'ignore_no_formats_error': True,
        'cachedir': False,
        'socket_timeout': float(options.get('socketTimeout') or 20),
        'compat_opts': [],
        # Never read cookies/netrc/config from disk: a constructed YoutubeDL reads no config files, and
        # these keep it from reaching for the others.
        'usenetrc': False,
        'cookiefile': None,
        'enable_file_urls': False,
        'color': 'no_color',
    }
    proxy = options.get('proxy')
    if proxy:
        params['proxy'] = proxy
    if JS_RUNTIMES:
        params['js_runtimes'] = JS_RUNTIMES
        params['remote_components'] = REMOTE_COMPONENTS
    return params


def clean_message(text):
    text = URL_IN_TEXT.sub('<url>', str(text or ''))
    text = re.sub(r'^ERROR:\s*', '', text)
    text = re.sub(r';\s*please report this issue.*$', '', text, flags=re.DOTALL)
    return text.strip()[:500] or 'Extraction failed'


def classify(exc):
    """Map a yt-dlp failure to one of our error codes (lib/errors.ts)."""
    cause = exc
    if isinstance(exc, DownloadError) and exc.exc_info and exc.exc_info[1] is not None:
        cause = exc.exc_info[1]
    message = clean_message(getattr(cause, 'orig_msg', None) or str(cause))
    lowered = message.lower()
    if isinstance(cause, UnsupportedError):
        return 'unsupported_url', 'Unsupported URL'
    if isinstance(cause, GeoRestrictedError):
        return 'upstream_failed', message
    if isinstance(cause, UserNotLive):
        return 'upstream_failed', message
    if 'drm' in lowered:
        return 'drm_protected', message
    if re.search(r'live event will begin|premieres in|is live|live stream', lowered):
        return 'live_not_supported', message
    return 'upstream_failed', message


def exception_classes(exc):
    """The class names of the failure and of its cause, so the pool can tell GeoRestrictedError from a plain one."""
    names = [type(exc).__name__]
    if isinstance(exc, DownloadError) and exc.exc_info and exc.exc_info[1] is not None:
        names.extend(cls.__name__ for cls in type(exc.exc_info[1]).__mro__)
    return [name for name in names if name not in ('object', 'BaseException', 'Exception')][:12]


# Building a YoutubeDL costs ~100 ms (CA bundle, 1800 extractor classes) against ~15 ms for an extraction,
# so instances are kept per distinct params; the proxy is one local address, so there are one or two.
INSTANCES = {}


def instance_for(options):
    params = build_params(options)
    key = (params.get('proxy'), params['noplaylist'], params['socket_timeout'])
    ydl = INSTANCES.get(key)
    if ydl is None:
        if len(INSTANCES) >= 4:
            INSTANCES.pop(next(iter(INSTANCES))).close()
        ydl = INSTANCES[key] = yt_dlp.YoutubeDL(params)
    return ydl


def load_cookies(ydl, text):
    """The operator's cookies for this request's platform (Netscape lines the pool filtered to that platform's hosts).
    Loaded through a private file that exists only while it is read; the cookie jar sends each cookie only to its
    own domain. Nothing of it is printed or returned."""
    if not text or not isinstance(text, str):
        return
    import tempfile
    fd, path = tempfile.mkstemp(prefix='cookies-', suffix='.txt')
    try:
        with os.fdopen(fd, 'w', encoding='utf-8') as handle:
            handle.write(text)
        ydl.cookiejar.load(path, ignore_discard=True, ignore_expires=False)
    finally:
        os.unlink(path)


def extract(url, options):
    if not isinstance(url, str) or not re.match(r'^https?://', url, re.IGNORECASE):
        return {'ok': False, 'error': {'code': 'invalid_url', 'message': 'Only http(s) URLs are accepted'}}
    use_proxy(options.get('proxy'))
    ydl = instance_for(options)
    # Cookies are the one per-site state a reused instance carries: one user's session must not reach another.
    ydl.cookiejar.clear()
    load_cookies(ydl, options.get('cookies'))
    NO_FORMATS.clear()
    try:
        info = ydl.extract_info(url, download=False)
    finally:
        ydl.cookiejar.clear()
    info = without_formatless_failures(info)
    return {'ok': True, 'info': ydl.sanitize_info(info)}


def _formatless(info):
    return isinstance(info, dict) and info.get('_type') in (None, 'video') and not info.get('formats') and not info.get('url')


def without_formatless_failures(info):
    """A single video without formats is refused in yt-dlp's own words, as without ignore_no_formats_error. In a
    post, an entry without formats stays only when yt-dlp gave no reason beyond "No video formats found!" (a photo
    slide: its picture is in its thumbnails); one that is DRM-protected, not yet live… is left out."""
    if _formatless(info):
        reason = NO_FORMATS.get(info.get('id')) or next(iter(NO_FORMATS.values()), GENERIC_NO_FORMATS)
        raise ExtractorError(reason, expected=True)
    if isinstance(info, dict) and isinstance(info.get('entries'), list):
        info['entries'] = [
            entry for entry in info['entries']
            if not _formatless(entry) or NO_FORMATS.get(entry.get('id'), GENERIC_NO_FORMATS) == GENERIC_NO_FORMATS
        ]
    return info


def js_runtime_seen():
    """The JS runtime yt-dlp itself found and accepts, as its -v line names it ('deno-2.9.6'), or None."""
    try:
        ydl = instance_for({})
        for name, runtime in (getattr(ydl, '_js_runtimes', None) or {}).items():
            info = runtime.info if runtime else None
            if info and info.supported:
                return f'{info.name}-{info.version}'
    except Exception:
        pass
    return None


def warm_request_path(options):
    """Builds the instance real requests will use (the proxy is part of its key) and runs one extraction whose
    connection our own socket guard refuses before any packet leaves: the first user's analysis then finds the
    networking and generic-extractor code already loaded."""
    use_proxy(None)
    try:
        instance_for(options).extract_info('http://127.0.0.1:9/warm-up.mp4', download=False)
    except Exception:
        pass
    return {'ok': True}


def handle(request):
    if request.get('cmd') == 'version':
        return {'ok': True, 'version': VERSION}
    if request.get('cmd') == 'warm':
        return warm_request_path(request.get('options') or {})
    if request.get('cmd') == 'engine':
        return {'ok': True, 'version': VERSION, 'jsRuntime': js_runtime_seen(), 'poToken': po_token_state()}
    try:
        return extract(request.get('url'), request.get('options') or {})
    except Exception as exc:  # every failure is an answer, never a dead worker
        code, message = classify(exc)
        return {'ok': False, 'error': {'code': code, 'message': message, 'classes': exception_classes(exc)}}


def reply(obj):
    PROTOCOL.write(json.dumps(obj, default=str, separators=(',', ':')) + '\n')
    PROTOCOL.flush()


def warm_up():
    """The first extraction pays ~0.7 s compiling 1800 URL patterns; pay it before saying ready instead."""
    try:
        from yt_dlp.extractor import gen_extractor_classes
        for ie in gen_extractor_classes():
            ie.suitable('https://warm-up.invalid/')
        instance_for({})
    except Exception:
        pass  # only an optimisation: a real request would meet the same failure and report it


def main():
    warm_up()
    reply({'ready': True, 'version': VERSION})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError:
            continue  # the pool only writes valid JSON; a torn line has no id to answer
        answer = handle(request)
        answer['id'] = request.get('id')
        reply(answer)


if __name__ == '__main__':
    main()
