#!/usr/bin/env bash
# Centrifugo for drive.sh, on CPU 0 like the Dugout server
exec taskset -c 0 "$DUGOUT_PIN_CENTRIFUGO" "$@"
