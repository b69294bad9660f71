"""Set-up of DiffLab's Python sandbox, run once per worker before any script: the fetch bridge behind `requests`
and `urllib.request`, the virtual clock behind `time.sleep`, seeded randomness, no sockets, and the JavaScript
bridge modules (`js`, `pyodide`, …) closed to scripts. `install` returns the function that runs one script."""

import base64
import builtins
import errno
import json
import os
import random
import sys
import time
import traceback

SCRIPT_FILE = "script.py"
# Modules a script may not import: the JavaScript bridge, the package installer, raw memory and sockets.
CLOSED = frozenset([
    "js", "pyodide", "pyodide_js", "_pyodide", "_pyodide_core", "micropip", "ctypes", "_ctypes",
    "_socket", "_ssl", "ssl", "select", "selectors", "_posixsubprocess", "_multiprocessing", "pyodide_http",
])


def _closed_message(name):
    return f"No module named '{name}' (DiffLab's Python sandbox has no JavaScript bridge, sockets or package installer)"


class _ClosedModules:
    """First on sys.meta_path: a closed module is not found, whichever way the import is asked for."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in CLOSED:
            raise ModuleNotFoundError(_closed_message(name), name=name)
        return None

    def find_module(self, name, path=None):
        return self.find_spec(name, path)


class _NoNetwork(OSError):
    pass


def _refuse(*args, **kwargs):
    raise _NoNetwork(101, "Network is unreachable: DiffLab's sandbox reaches the replicas only through requests or urllib")


def _close_sockets():
    import socket

    class socket_(socket.socket):
        def __init__(self, *args, **kwargs):
            _refuse()

    socket.socket = socket_
    socket.SocketType = socket_
    socket.create_connection = _refuse
    socket.create_server = _refuse
    socket.socketpair = _refuse
    socket.fromfd = _refuse
    socket.getaddrinfo = _refuse
    socket.gethostbyname = _refuse
    socket.gethostbyname_ex = _refuse
    socket.gethostbyaddr = _refuse


# What starts another program, in os and in posix beneath it (and pty's fork and spawn): beneath them Emscripten
# would ask the host (Node's child_process), which the worker's lockdown has poisoned; these fail first, cleanly.
PROGRAM_CALLS = ("system", "popen", "exec", "spawn", "posix_spawn", "fork", "forkpty", "login_tty")
# Not in Emscripten's os at all; defined so that a script gets the same clear error.
ABSENT_PROGRAM_CALLS = ("posix_spawn", "posix_spawnp")


def _no_programs(*args, **kwargs):
    raise OSError(errno.ENOTSUP, "DiffLab's sandbox runs no other programs (os.system, os.exec*, os.spawn*, subprocess)")


def _close_programs():
    import posix
    import pty

    for module in (os, posix):
        for name in dir(module):
            if name.startswith(PROGRAM_CALLS) and callable(getattr(module, name)):
                setattr(module, name, _no_programs)
        for name in ABSENT_PROGRAM_CALLS:
            setattr(module, name, _no_programs)
    pty.spawn = _no_programs
    pty.fork = _no_programs


def _reset_environment(environment):
    """The script's environment is the sandbox's alone, whatever the runtime put there (Emscripten's `_` names the
    host's program, a snapshot keeps the environment of the process that made it)."""
    import posix

    os.environ.clear()
    os.environ.update(environment)
    posix.environ.clear()
    posix.environ.update({k.encode(): v.encode() for k, v in environment.items()})
    sys.executable = sys._base_executable = environment["_"]
    sys.argv = [""]
    sys.orig_argv = [environment["_"]]


def _install_urllib(send):
    import email.message
    import io
    import urllib.error
    import urllib.request
    import urllib.response

    class Handler(urllib.request.BaseHandler):
        handler_order = 100

        def _open(self, req):
            data = req.data
            if hasattr(data, "read"):
                data = data.read()
            if isinstance(data, str):
                data = data.encode("utf-8")
            headers = list(req.header_items())
            if data is not None and not any(k.lower() == "content-type" for k, _ in headers):
                headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            try:
                answer = send(req.get_method(), req.full_url, headers, ("bytes", bytes(data)) if data is not None else None, True)
            except ConnectionError as error:
                raise urllib.error.URLError(str(error)) from None
            message = email.message.Message()
            for name, value in answer["headers"]:
                message[name] = value
            response = urllib.response.addinfourl(io.BytesIO(answer["body"]), message, answer["url"], answer["status"])
            response.msg = answer.get("statusText") or ""
            response.reason = response.msg
            return response

        def http_open(self, req):
            return self._open(req)

        def https_open(self, req):
            return self._open(req)

    opener = urllib.request.build_opener(Handler)
    urllib.request.install_opener(opener)


def _install_clock(sleep_ms):
    def sleep(seconds):
        if not isinstance(seconds, (int, float)):
            raise TypeError(f"'{type(seconds).__name__}' object cannot be interpreted as an integer or float")
        if seconds != seconds:
            raise ValueError("Invalid value NaN (not a number)")
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        sleep_ms(seconds * 1000)

    time.sleep = sleep


def _seed_randomness(seed):
    generator = random.Random(seed ^ 0x5DEECE66D)

    def urandom(size):
        if size < 0:
            raise ValueError("negative argument not allowed")
        return generator.randbytes(size)

    os.urandom = urandom
    random._urandom = urandom
    random.seed(seed)


def _seal():
    sys.meta_path.insert(0, _ClosedModules())
    for name in list(sys.modules):
        if name.split(".")[0] in CLOSED:
            del sys.modules[name]
    try:
        import _imp
        create_builtin = _imp.create_builtin

        def guarded(spec):
            if spec.name.split(".")[0] in CLOSED:
                raise ModuleNotFoundError(_closed_message(spec.name), name=spec.name)
            return create_builtin(spec)

        _imp.create_builtin = guarded
    except (ImportError, AttributeError):
        pass


def _user_traceback(error):
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != SCRIPT_FILE:
        tb = tb.tb_next
    if isinstance(error, SyntaxError) or tb is None:
        return "".join(traceback.format_exception_only(type(error), error)).rstrip()
    return "".join(traceback.format_exception(type(error), error, tb)).rstrip()


def install(bridge, run_sync, environment_json):
    """`bridge(kind, payload)` is the host: 'fetch' takes a request as JSON and answers a response as JSON, or a
    promise of it where the host cannot block (`run_sync` then waits for it); 'sleep' moves the virtual clock;
    'syntax' says the script does not parse (it never ran).
    `environment_json` is the script's whole environment (os.environ)."""

    def fetch(request_json):
        answer = bridge("fetch", request_json)
        return answer if isinstance(answer, str) else run_sync(answer)

    def send(method, url, headers, body, follow):
        wire = None
        if body is not None:
            kind, value = body
            if kind == "text":
                wire = {"kind": "text", "text": value}
            elif kind == "bytes":
                wire = {"kind": "bytes", "base64": base64.b64encode(value).decode("ascii")}
            else:
                wire = {"kind": "form", "entries": [
                    dict(entry, bytes=base64.b64encode(entry["bytes"]).decode("ascii")) if "bytes" in entry else entry
                    for entry in value
                ]}
        request = {"url": url, "method": method, "headers": [[str(k), str(v)] for k, v in headers], "body": wire,
                   "redirect": "follow" if follow else "manual"}
        answer = json.loads(fetch(json.dumps(request)))
        if "error" in answer:
            raise ConnectionError(answer["error"])
        answer["body"] = base64.b64decode(answer["body"])
        return answer

    import requests.adapters
    import requests.exceptions

    def send_prepared(prepared, allow_redirects):
        try:
            body = prepared._wire_body
            return send(prepared.method, prepared.url, list(prepared.headers.items()), body, allow_redirects)
        except ConnectionError as error:
            raise requests.exceptions.ConnectionError(str(error), request=prepared) from None

    requests.adapters._send = send_prepared
    _install_urllib(send)
    _install_clock(lambda ms: bridge("sleep", str(ms)))
    _close_sockets()
    _close_programs()
    _reset_environment(json.loads(environment_json))
    _seal()
    stdout, stderr = sys.stdout, sys.stderr

    def run(source, seed):
        """Runs one script as __main__; returns None when it ended normally, else the error to report."""
        _seed_randomness(seed)
        namespace = {"__name__": "__main__", "__builtins__": builtins, "__file__": SCRIPT_FILE}
        try:
            code = compile(source, SCRIPT_FILE, "exec", dont_inherit=True)
        except SyntaxError as error:  # IndentationError and TabError too: nothing of the script ran
            bridge("syntax", "")
            return _user_traceback(error)
        except BaseException as error:  # noqa: BLE001 - a source too big to compile, say
            return _user_traceback(error)
        try:
            exec(code, namespace)
            return None
        except SystemExit as error:
            if error.code is None or error.code == 0:
                return None
            return f"SystemExit: {error.code}"
        except KeyboardInterrupt:
            return "KeyboardInterrupt"
        except BaseException as error:  # noqa: BLE001 - everything the script raised is its result
            return _user_traceback(error)
        finally:
            for stream in (stdout, stderr):
                try:
                    stream.flush()
                except Exception:  # noqa: BLE001
                    pass

    return run
