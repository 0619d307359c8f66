"""Test-only: asks yt-dlp's own PO token director for tokens, with our provider registered by importing it, pointed at
a stub challenge. argv[1]: {"origin", "hosts", "requests": [{"context", "visitorData"?, "videoId"?, "proxy"?,
"sleep"?}]}. Prints one JSON list: a {"token"} per request (null when no provider gave one), then {"state"}."""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import yt_dlp  # noqa: E402
import grabline_pot  # noqa: E402
from yt_dlp.extractor.youtube.pot._director import initialize_pot_director  # noqa: E402
from yt_dlp.extractor.youtube.pot.provider import PoTokenContext, PoTokenRequest  # noqa: E402

config = json.loads(sys.argv[1])
# The one place the challenge's origin and host list change: the stub lives on loopback.
grabline_pot.GrablineBgUtilsPTP.CHALLENGE_ORIGIN = config['origin']
grabline_pot.GrablineBgUtilsPTP.NET_HOSTS = tuple(config['hosts'])
grabline_pot.GrablineBgUtilsPTP.REQUIRE_PROXY = config.get('requireProxy', False)

ydl = yt_dlp.YoutubeDL({'quiet': True, 'no_warnings': True, 'logger': None})
director = initialize_pot_director(ydl.get_info_extractor('Youtube'))
results = []
for item in config['requests']:
    time.sleep(item.get('sleep', 0))
    request = PoTokenRequest(
        context=PoTokenContext(item['context']),
        innertube_context={'client': {'clientName': item.get('client', 'WEB'), 'clientVersion': '2.20261101'}},
        visitor_data=item.get('visitorData'),
        video_id=item.get('videoId'),
        request_proxy=item.get('proxy'),
    )
    results.append({'token': director.get_po_token(request)})
results.append({'state': grabline_pot.status()['state']})
print(json.dumps(results))
