#!/bin/sh
# Usage: remote-cache.sh start DIRECTORY   prints the port of a new Bazel HTTP cache on 127.0.0.1
#        remote-cache.sh stop DIRECTORY    stops it (quietly does nothing when it is not running)
#
# Bazel's HTTP cache protocol is plain GET and PUT of /ac/<hash> and /cas/<hash>, so nginx with
# WebDAV PUT serves it: a GET of a missing entry is a 404, which Bazel reads as a miss. Everything
# nginx writes (config, pid, logs, temporary files and the cache itself) stays in DIRECTORY.
set -eu
command=$1 directory=$2

stop() {
    [ -f "$directory/nginx.pid" ] || return 0
    nginx -p "$directory/" -c "$directory/nginx.conf" -e "$directory/error.log" -s stop 2>/dev/null || true
    # `-s stop` only signals; wait until the master has exited so the port is free again.
    tries=0
    while [ -f "$directory/nginx.pid" ] && [ $tries -lt 50 ]; do sleep 0.1; tries=$((tries + 1)); done
}

case $command in
stop) stop; exit 0 ;;
start) ;;
*) echo "usage: $0 start|stop DIRECTORY" >&2; exit 2 ;;
esac

mkdir -p "$directory/cache" "$directory/temp"
directory=$(cd "$directory" && pwd)
# A root master would run its worker as nobody, which may not write to the cache.
user=
[ "$(id -u)" -eq 0 ] && user="user root;"
attempt=0
while [ $attempt -lt 20 ]; do
    attempt=$((attempt + 1))
    # A random unprivileged port; if it is taken, nginx fails to bind and the next one is tried.
    port=$(( $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 20000 + 30000 ))
    cat > "$directory/nginx.conf" <<CONF
$user
worker_processes 1;
pid $directory/nginx.pid;
error_log $directory/error.log;
events { worker_connections 64; }
http {
    access_log $directory/access.log;
    client_body_temp_path $directory/temp/body;
    proxy_temp_path $directory/temp/proxy;
    fastcgi_temp_path $directory/temp/fastcgi;
    uwsgi_temp_path $directory/temp/uwsgi;
    scgi_temp_path $directory/temp/scgi;
    client_max_body_size 0;
    server {
        listen 127.0.0.1:$port;
        root $directory/cache;
        location / {
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw group:r all:r;
        }
    }
}
CONF
    # nginx's master outlives this script: it must not hold the caller's stdout or stderr open.
    if nginx -p "$directory/" -c "$directory/nginx.conf" -e "$directory/error.log" \
        </dev/null >"$directory/start.log" 2>&1; then
        echo "$port"
        exit 0
    fi
    grep -q "Address already in use" "$directory/start.log" || { cat "$directory/start.log" >&2; exit 1; }
done
echo "remote-cache.sh: no free port found" >&2
exit 1
