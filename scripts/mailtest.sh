#!/bin/bash
# usage: mailtest.sh start DIR | stop DIR | status DIR
# Real mail servers on loopback for the mail tests, from private configs under DIR (keep DIR
# short, <= ~70 chars: dovecot's unix sockets live below it). Never touches /etc/postfix or
# /etc/dovecot; never lets mail leave the machine.
#   dovecot: IMAP 127.0.0.1:$IMAP_PORT (10143), LMTP 127.0.0.1:$LMTP_PORT (10024), Maildir
#   postfix: SMTP 127.0.0.1:$SMTP_PORT (10025), accepts only the users below @example.test,
#            plus-addressing on: user+anything@example.test lands in user's INBOX
#   users referee, white, black @example.test, password $PASS (secret)
# With TLS=yes also (README "TLS"; ports default to the plain ones plus a fixed offset):
#   a throw-away CA made here with openssl: DIR/tls/ca.pem (and ca.key, to sign test
#   certificates); the servers' certificate DIR/tls/server.pem for 127.0.0.1 and localhost
#   dovecot: STARTTLS on the IMAP port, IMAPS 127.0.0.1:$IMAPS_PORT (IMAP_PORT+850 = 10993),
#            SASL for postfix on 127.0.0.1:$AUTH_PORT (LMTP_PORT+2 = 10026)
#   postfix: submission 127.0.0.1:$SUBMISSION_PORT (SMTP_PORT+562 = 10587): STARTTLS required,
#            then AUTH (PLAIN/LOGIN through dovecot) required, then it takes mail for anyone
# With PIPE=yes also (README "Delivering through the MTA (deliver)"): mail to any address
#   @club.test goes through postfix's pipe(8) transport `crazykrieg` into the program
#   DIR/pipe/deliver, run as user mail (a test writes it; while it is missing or exits 75
#   postfix defers the mail and retries).
# Exit 77 (CTest SKIP_RETURN_CODE) with a reason when not root or the servers are not
# installed; any other failure to start exits non-zero with the servers' logs.
# Recipe: private dovecot and postfix instances from their own configs, as verified on Debian 12
# (postfix 3.7, dovecot 2.3); README "Tests".
set -euo pipefail
cmd=${1:-}; [ $# -eq 2 ] || { echo "usage: $0 start|stop|status DIR" >&2; exit 2; }
MT=$(realpath -m "$2")
case "$MT" in /|/tmp|/root|/home|/usr|/var|/etc|"") echo "refusing dir $MT" >&2; exit 2;; esac
IMAP_PORT=${IMAP_PORT:-10143}; SMTP_PORT=${SMTP_PORT:-10025}; LMTP_PORT=${LMTP_PORT:-10024}
USERS="referee white black"; PASS=${PASS:-secret}; DOMAIN=example.test
TLS=${TLS:-no}; PIPE=${PIPE:-no}
IMAPS_PORT=${IMAPS_PORT:-$((IMAP_PORT + 850))}; SUBMISSION_PORT=${SUBMISSION_PORT:-$((SMTP_PORT + 562))}
AUTH_PORT=${AUTH_PORT:-$((LMTP_PORT + 2))}

skip() { echo "SKIP: $*" >&2; exit 77; }

preflight() {
  [ "$(id -u)" -eq 0 ] || skip "mail server tests need root (postfix and dovecot run from private configs)"
  local missing=()
  [ -x /usr/sbin/postfix ] || missing+=(postfix)
  [ -x /usr/sbin/dovecot ] || missing+=(dovecot-core)
  [ -x /usr/lib/dovecot/imap ] || missing+=(dovecot-imapd)
  [ -x /usr/lib/dovecot/lmtp ] || missing+=(dovecot-lmtpd)
  if [ "$TLS" = yes ]; then command -v openssl >/dev/null || missing+=(openssl); fi
  [ ${#missing[@]} -eq 0 ] || skip "packages missing: ${missing[*]} (scripts/setup.sh installs them)"
  getent passwd mail >/dev/null && getent passwd postfix >/dev/null && getent group postdrop >/dev/null \
    || skip "users mail/postfix or group postdrop missing (install postfix)"
  [ ${#MT} -le 70 ] || { echo "dir $MT too long for dovecot's socket paths (max 70)" >&2; exit 2; }
}

wait_port() { # port timeout_s
  local i; for ((i=0;i<$2*20;i++)); do
    (exec 3<>/dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.05; done
  echo "port $1 not up after $2 s" >&2; return 1; }

dump_logs() {
  for f in "$MT/dovecot/dovecot.log" "$MT/dovecot/stdio.log" "$MT/postfix/maillog" "$MT/postfix/stdio.log"; do
    [ -s "$f" ] && { echo "== $f" >&2; tail -n 30 "$f" >&2; }
  done; return 0; }

# The throw-away CA and the servers' certificate (P-256 keys: quick to make).
make_certs() {
  local T=$MT/tls; mkdir -p "$T"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3 \
    -keyout "$T/ca.key" -out "$T/ca.pem" -subj "/CN=ck-mailtest throw-away CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -keyout "$T/server.key" -out "$T/server.csr" -subj "/CN=mail.$DOMAIN" 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:mail.%s\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' \
    "$DOMAIN" > "$T/server.ext"
  openssl x509 -req -in "$T/server.csr" -CA "$T/ca.pem" -CAkey "$T/ca.key" -CAcreateserial -days 2 \
    -extfile "$T/server.ext" -out "$T/server.pem" 2>/dev/null
  chmod 0644 "$T/ca.pem" "$T/server.pem"; chmod 0600 "$T/ca.key" "$T/server.key"
}

start() {
  preflight
  # DIR is wiped: only ever one this script made (marker file) or an empty/new one
  if [ -e "$MT" ] && [ ! -e "$MT/.ck-mailtest" ] && [ -n "$(ls -A "$MT" 2>/dev/null)" ]; then
    echo "refusing to wipe $MT: not empty and not made by $0" >&2; exit 2; fi
  stop                               # leftovers of an aborted run would hold the ports
  rm -rf "$MT"; mkdir -p "$MT"; chmod 0755 "$MT"   # mail uid and dovecot users must traverse it
  : > "$MT/.ck-mailtest"
  mkdir -p "$MT/dovecot/run" "$MT/dovecot/state" "$MT/mail" "$MT/postfix/etc" "$MT/postfix/spool" "$MT/postfix/data"
  # ---------- dovecot ----------
  : > "$MT/dovecot/users"
  for u in $USERS; do echo "$u@$DOMAIN:{PLAIN}$PASS::::::" >> "$MT/dovecot/users"; done
  chown mail:mail "$MT/mail"
  local ssl_conf="ssl = no" imaps_port=0 auth_conf=""
  if [ "$TLS" = yes ]; then
    make_certs
    ssl_conf="ssl = yes
ssl_cert = <$MT/tls/server.pem
ssl_key = <$MT/tls/server.key
ssl_min_protocol = TLSv1.2"
    imaps_port=$IMAPS_PORT
    auth_conf="service auth {
  inet_listener {
    address = 127.0.0.1
    port = $AUTH_PORT
  }
}"
  fi
  cat > "$MT/dovecot/dovecot.conf" <<CONF
instance_name = ck-mailtest
base_dir = $MT/dovecot/run
state_dir = $MT/dovecot/state
listen = 127.0.0.1
protocols = imap lmtp
$ssl_conf
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = $MT/dovecot/dovecot.log
first_valid_uid = 8
mail_location = maildir:~/Maildir
# plus-addressing: referee+TOKEN@$DOMAIN is user referee@$DOMAIN (detail not used as folder)
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
# Delivered-To carries the RCPT TO address with its +TOKEN ("final", checked; "original" would
# need an ORCPT from postfix and then adds no Delivered-To at all)
lmtp_hdr_delivery_address = final
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $MT/dovecot/users
}
userdb {
  driver = passwd-file
  args = username_format=%u $MT/dovecot/users
  default_fields = uid=mail gid=mail home=$MT/mail/%d/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps_port
    ssl = yes
  }
}
$auth_conf
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
protocol lmtp {
  postmaster_address = postmaster@$DOMAIN
}
CONF
  # dovecot keeps the caller's stderr open for its lifetime: detach stdio or a captured pipe never closes
  /usr/sbin/dovecot -c "$MT/dovecot/dovecot.conf" </dev/null >>"$MT/dovecot/stdio.log" 2>&1 \
    || { echo "dovecot failed to start" >&2; dump_logs; exit 1; }
  # ---------- postfix ----------
  local P=$MT/postfix/etc
  chown postfix:postfix "$MT/postfix/data"   # data_directory must belong to mail_owner
  for u in $USERS; do echo "$u@$DOMAIN OK"; done > "$P/vmailbox"
  cat > "$P/main.cf" <<CONF
compatibility_level = 3.6
queue_directory = $MT/postfix/spool
data_directory = $MT/postfix/data
maillog_file = $MT/postfix/maillog
maillog_file_prefixes = $MT/postfix
myhostname = mail.$DOMAIN
mydomain = $DOMAIN
myorigin = \$myhostname
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
relayhost =
smtpd_relay_restrictions = reject_unauth_destination
# never let mail leave the machine (no DNS / outbound SMTP): everything not in \$DOMAIN bounces locally
default_transport = error:outbound mail disabled in tests
relay_transport = error:outbound mail disabled in tests
virtual_mailbox_domains = $DOMAIN
virtual_mailbox_maps = texthash:$P/vmailbox
virtual_transport = lmtp:inet:127.0.0.1:$LMTP_PORT
# plus-addressing: user+ext@\$DOMAIN is looked up as user@\$DOMAIN and passed on unchanged
recipient_delimiter = +
alias_maps =
alias_database =
biff = no
smtputf8_enable = no
message_size_limit = 10240000
CONF
  local extra_master=""
  if [ "$TLS" = yes ]; then
    extra_master+="127.0.0.1:$SUBMISSION_PORT inet n - n - - smtpd
  -o syslog_name=postfix/submission
  -o smtpd_tls_security_level=encrypt
  -o smtpd_tls_cert_file=$MT/tls/server.pem
  -o smtpd_tls_key_file=$MT/tls/server.key
  -o smtpd_tls_auth_only=yes
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_sasl_type=dovecot
  -o smtpd_sasl_path=inet:127.0.0.1:$AUTH_PORT
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
  -o smtpd_relay_restrictions=permit_sasl_authenticated,reject
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
"
  fi
  if [ "$PIPE" = yes ]; then
    mkdir -p "$MT/pipe"; chown mail:mail "$MT/pipe"
    echo "club.test crazykrieg:" > "$P/transport"
    cat >> "$P/main.cf" <<CONF
# PIPE=yes: @club.test goes to the pipe transport below (README "Delivering through the MTA")
relay_domains = club.test
transport_maps = texthash:$P/transport
crazykrieg_destination_recipient_limit = 1
CONF
    extra_master+="crazykrieg unix - n n - - pipe
  flags=DRq user=mail argv=$MT/pipe/deliver
"
  fi
  cat > "$P/master.cf" <<CONF
127.0.0.1:$SMTP_PORT inet n - n - - smtpd
${extra_master}pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
proxywrite unix -       -       n       -       1       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
CONF
  # postfix re-reads main.cf every 300 ms until its mtime is >1 s in the past: backdate it
  touch -d "1 minute ago" "$P"/*
  # postfix prints fatal errors only to syslog when stderr is not a tty: on failure, retry the
  # check under a pty to show why
  if ! /usr/sbin/postfix -c "$P" start </dev/null >>"$MT/postfix/stdio.log" 2>&1; then
    echo "postfix failed to start:" >&2
    script -qec "/usr/sbin/postfix -c $P check" /dev/null >&2 || true
    dump_logs; exit 1
  fi
  local ports="$IMAP_PORT $LMTP_PORT $SMTP_PORT"
  [ "$TLS" = yes ] && ports+=" $IMAPS_PORT $AUTH_PORT $SUBMISSION_PORT"
  for port in $ports; do wait_port "$port" 15 || { dump_logs; exit 1; }; done
  echo "mail servers up in $MT: SMTP 127.0.0.1:$SMTP_PORT IMAP 127.0.0.1:$IMAP_PORT"
  [ "$TLS" = yes ] && echo "  TLS: IMAPS 127.0.0.1:$IMAPS_PORT, submission 127.0.0.1:$SUBMISSION_PORT, CA $MT/tls/ca.pem"
  return 0
}

stop() {   # both commands wait until their master process has exited (dovecot ~2.5 s): run them in parallel
  [ -d "$MT" ] || return 0
  local pids=()
  if [ -f "$MT/postfix/spool/pid/master.pid" ] && [ -x /usr/sbin/postfix ]; then   # stale master.pid is harmless
    /usr/sbin/postfix -c "$MT/postfix/etc" stop </dev/null >/dev/null 2>&1 & pids+=($!); fi
  if [ -f "$MT/dovecot/run/master.pid" ] && [ -x /usr/sbin/dovecot ]; then
    /usr/sbin/dovecot -c "$MT/dovecot/dovecot.conf" stop </dev/null >/dev/null 2>&1 & pids+=($!); fi
  for p in "${pids[@]}"; do wait "$p" || true; done
}

stop_cmd() {
  [ "$(id -u)" -eq 0 ] || skip "not root: nothing was started"
  stop
}

status() {
  for port in "$IMAP_PORT" "$LMTP_PORT" "$SMTP_PORT"; do
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && echo "port $port up" || echo "port $port down"
  done
}

case "$cmd" in
  start) start ;;
  stop) stop_cmd ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status DIR" >&2; exit 2 ;;
esac
