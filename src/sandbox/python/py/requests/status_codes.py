from .structures import LookupDict

_codes = {
    200: ("ok", "okay", "all_ok", "all_good"), 201: ("created",), 202: ("accepted",), 204: ("no_content",),
    301: ("moved_permanently", "moved"), 302: ("found",), 303: ("see_other",), 304: ("not_modified",),
    307: ("temporary_redirect",), 308: ("permanent_redirect",),
    400: ("bad_request", "bad"), 401: ("unauthorized",), 403: ("forbidden",), 404: ("not_found",),
    405: ("method_not_allowed", "not_allowed"), 409: ("conflict",), 410: ("gone",), 412: ("precondition_failed",),
    413: ("request_entity_too_large",), 415: ("unsupported_media_type",), 422: ("unprocessable_entity",),
    429: ("too_many_requests", "too_many"), 500: ("internal_server_error", "server_error"),
    501: ("not_implemented",), 502: ("bad_gateway",), 503: ("service_unavailable", "unavailable"),
    504: ("gateway_timeout",),
}

codes = LookupDict(name="status_codes")
for _code, _titles in _codes.items():
    for _title in _titles:
        setattr(codes, _title, _code)
        setattr(codes, _title.upper(), _code)
