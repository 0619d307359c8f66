#!/usr/bin/env bash
# The official nginx image's template step, then the command.
set -euo pipefail
defined=$(printf '${%s} ' $(env | cut -d= -f1))
for template in /etc/nginx/templates/*.template; do
  [ -f "$template" ] || continue
  out="/etc/nginx/conf.d/$(basename "$template" .template)"
  envsubst "$defined" <"$template" >"$out"
done
exec "$@"
