/*
 * peercred: who is on the other end of a connected Unix domain socket?
 *
 * Node's `net` module has no API for this, and the daemon wants the peer's
 * pid and uid for its audit log (`unix:pid=<pid>,uid=<uid>`, SPEC §4) and for
 * mapping a uid to a configured user. The kernel records the credentials of
 * the process that called connect() (or, seen from the client, listen()), so
 * they cannot be spoofed by what the peer later writes on the socket.
 *
 * JS API:  getPeerCred(fd: number) -> { pid, uid, gid } | null
 *   - returns null whenever the credentials cannot be read (bad or closed fd,
 *     not a socket, not a Unix socket, unsupported platform): the caller
 *     treats that as "unknown", it is never an exception;
 *   - throws TypeError only when the argument is not a number (a programming
 *     error on the JS side, not a runtime condition).
 *   - pid is -1 where it cannot be told (BSDs without a pid query, a peer
 *     outside our pid namespace); uid/gid are still valid then.
 *
 * Plain C against node_api.h (no node-addon-api, no npm dependency).
 */

#if defined(__linux__)
/* struct ucred is only declared by <sys/socket.h> under _GNU_SOURCE. */
#define _GNU_SOURCE
#endif

#include <node_api.h>
#include <math.h>

#if !defined(_WIN32)
#include <sys/types.h>
#include <sys/socket.h>
#include <unistd.h>
#if defined(__linux__)
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* POLLRDHUP */
#endif
#include <poll.h>
#endif
#endif
#if defined(__APPLE__)
#include <sys/un.h> /* SOL_LOCAL, LOCAL_PEERPID */
#endif

typedef struct {
  int pid;
  unsigned int uid;
  unsigned int gid;
} peer_cred;

/* Returns 1 and fills *out on success, 0 when the credentials are unknown. */
static int read_peer_cred(int fd, peer_cred *out) {
#if defined(__linux__)
  struct ucred cred;
  socklen_t len = sizeof(cred);
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || len != sizeof(cred)) {
    return 0;
  }
  /* On a socket that has no peer credentials (TCP, an unconnected Unix
   * socket) Linux succeeds but reports uid -1: treat as unknown. */
  if (cred.uid == (uid_t)-1) {
    return 0;
  }
  /* pid 0 means the peer lives outside our pid namespace (e.g. we run in a
   * container): the uid is still right, only the pid is unknown. */
  out->pid = cred.pid > 0 ? (int)cred.pid : -1;
  out->uid = (unsigned int)cred.uid;
  out->gid = (unsigned int)cred.gid;
  return 1;
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || \
    defined(__NetBSD__) || defined(__DragonFly__)
  /* getpeereid() is the portable BSD call; it has no pid. */
  uid_t uid;
  gid_t gid;
  if (getpeereid(fd, &uid, &gid) != 0) {
    return 0;
  }
  out->pid = -1;
  out->uid = (unsigned int)uid;
  out->gid = (unsigned int)gid;
#if defined(LOCAL_PEERPID)
  /* macOS also exposes the peer's pid (best effort: keep -1 on failure). */
  pid_t pid;
  socklen_t len = sizeof(pid);
  if (getsockopt(fd, SOL_LOCAL, LOCAL_PEERPID, &pid, &len) == 0 && len == sizeof(pid) && pid > 0) {
    out->pid = (int)pid;
  }
#endif
  return 1;
#else
  /* Windows named pipes (and anything else): no Unix peer credentials. */
  (void)fd;
  (void)out;
  return 0;
#endif
}

static napi_value get_peer_cred(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_value result = NULL;
  napi_valuetype type = napi_undefined;

  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) {
    return NULL;
  }
  if (argc >= 1) {
    napi_typeof(env, argv[0], &type);
  }
  if (type != napi_number) {
    napi_throw_type_error(env, NULL, "getPeerCred: fd must be a number");
    return NULL;
  }

  double fd_num = 0;
  napi_get_value_double(env, argv[0], &fd_num);
  napi_get_null(env, &result);
  /* NaN, fractions, negatives (libuv reports -1 for "no fd") and values that
   * do not fit an int are "unknown", not errors. */
  if (!(fd_num >= 0 && fd_num <= 2147483647.0) || floor(fd_num) != fd_num) {
    return result;
  }

  peer_cred cred;
  if (!read_peer_cred((int)fd_num, &cred)) {
    return result;
  }

  napi_value obj, pid, uid, gid;
  if (napi_create_object(env, &obj) != napi_ok ||
      napi_create_int32(env, cred.pid, &pid) != napi_ok ||
      napi_create_uint32(env, cred.uid, &uid) != napi_ok ||
      napi_create_uint32(env, cred.gid, &gid) != napi_ok ||
      napi_set_named_property(env, obj, "pid", pid) != napi_ok ||
      napi_set_named_property(env, obj, "uid", uid) != napi_ok ||
      napi_set_named_property(env, obj, "gid", gid) != napi_ok) {
    return result;
  }
  return obj;
}

/* peerHungUp(fd) -> true | false | null. After the peer's FIN the daemon must tell a half-close
 * (shutdown(SHUT_WR): the client still reads its answers) from a full close (the client is gone and
 * its turns must be cancelled). Node reports both as "end". On Linux, poll() on a Unix stream
 * socket reports POLLHUP only once the peer has shut down both directions, while a half-close shows
 * as POLLRDHUP alone. Elsewhere the answer is null (unknown). */
static napi_value peer_hung_up(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_value result = NULL;
  napi_valuetype type = napi_undefined;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) return NULL;
  if (argc >= 1) napi_typeof(env, argv[0], &type);
  if (type != napi_number) {
    napi_throw_type_error(env, NULL, "peerHungUp: fd must be a number");
    return NULL;
  }
  napi_get_null(env, &result);
#if defined(__linux__)
  double fd_num = 0;
  napi_get_value_double(env, argv[0], &fd_num);
  if (!(fd_num >= 0 && fd_num <= 2147483647.0) || floor(fd_num) != fd_num) return result;
  struct pollfd p;
  p.fd = (int)fd_num;
  p.events = POLLIN | POLLRDHUP;
  p.revents = 0;
  if (poll(&p, 1, 0) < 0 || (p.revents & POLLNVAL)) return result;
  napi_get_boolean(env, (p.revents & (POLLHUP | POLLERR)) != 0, &result);
#endif
  return result;
}

NAPI_MODULE_INIT(/* napi_env env, napi_value exports */) {
  napi_value fn, hup;
  if (napi_create_function(env, "getPeerCred", NAPI_AUTO_LENGTH, get_peer_cred, NULL, &fn) != napi_ok ||
      napi_set_named_property(env, exports, "getPeerCred", fn) != napi_ok ||
      napi_create_function(env, "peerHungUp", NAPI_AUTO_LENGTH, peer_hung_up, NULL, &hup) != napi_ok ||
      napi_set_named_property(env, exports, "peerHungUp", hup) != napi_ok) {
    return NULL;
  }
  return exports;
}
