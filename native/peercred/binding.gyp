{
  # Tiny N-API addon: peer credentials (pid/uid/gid) of a connected Unix
  # socket, for the audit log (SPEC §4). Plain C against node_api.h, so it has
  # no npm dependency and one build works for every Node >= 20 (N-API is
  # ABI-stable; NAPI_VERSION 8 is the level Node 12.22+/14.17+ all provide).
  # Built by scripts/build-native.mjs from the package's "install" script.
  "targets": [
    {
      "target_name": "peercred",
      "sources": ["peercred.c"],
      "defines": ["NAPI_VERSION=8"],
      "cflags": ["-std=c11", "-Wall", "-Wextra"],
      "xcode_settings": {
        "OTHER_CFLAGS": ["-std=c11", "-Wall", "-Wextra"],
        "MACOSX_DEPLOYMENT_TARGET": "10.15"
      }
    }
  ]
}
