#!/usr/bin/env bash
# The scaled topology of issue 16 on one machine, for a try: a throw-away PostgreSQL, two ClickHouse
# shards, two server replicas and HAProxy in round robin (README, "Running on more than one
# machine"). Needs Debian's postgresql, clickhouse-server and haproxy. Ctrl-C stops it all.
# Environment: WORKBENCH_DEMO_PASSWORD (default scale-out-demo), WORKBENCH_DEMO_EVENTS (200000),
# WORKBENCH_LIVE_EVENTS (2 a second per replica). `npm run build` first to have the apps served.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --import tsx server/src/testing/scaleOutDemo.ts
