#!/usr/bin/env bash
# Prepares the local RabbitMQ for bench/chat.bench.ts's comparison (BENCH_RABBITMQ=1): enables the
# Web-STOMP plugin (ws://127.0.0.1:15674/ws), lets its sockets idle for an hour, and restarts the
# broker with 20,000 file handles.
# Debian's wrapper starts it through `su`, whose PAM session resets the limit to 1,024: start it
# with setpriv instead, which keeps the raised limit. Run as root; loopback only.
set -euo pipefail
rabbitmq-plugins enable rabbitmq_web_stomp
# Web-STOMP closes a WebSocket silent for 60 s; the bench's clients negotiate no heart-beats (our
# broker then keeps a silent socket too), and the relay run leaves them idle longer than that.
conf=/etc/rabbitmq/rabbitmq.conf
grep -q '^web_stomp.ws_opts.idle_timeout' "$conf" 2>/dev/null ||
  echo 'web_stomp.ws_opts.idle_timeout = 3600000' >>"$conf"
rabbitmqctl stop >/dev/null 2>&1 || true
sleep 3
cd /var/lib/rabbitmq
ulimit -n 20000
setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups env HOME=/var/lib/rabbitmq \
  /usr/lib/rabbitmq/bin/rabbitmq-server -detached
for _ in $(seq 60); do
  if rabbitmqctl status >/dev/null 2>&1; then break; fi
  sleep 1
done
rabbitmqctl status | grep -A2 'File Descriptors'
