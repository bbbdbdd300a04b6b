import AnimaticCore
import AnimaticRaster
import AnimaticRender

/// The OpenAPI 3.1 description of the API, served at `/openapi.json`. Kept beside the
/// routes it describes; a test validates it with openapi-spec-validator and runs
/// schemathesis against a live server from it. The lists that change with the code (preset
/// names, formats, drives) come from the code, and the parameter and response lists the
/// two timeline routes share are written once.
enum OpenAPIDocument {
    /// The query options of a rendered timeline (`TimelineRequest`).
    private static let renderParameters = [
        "format", "fps", "frames", "loop", "filmstripFrames", "reduceMotion", "t", "frame", "scale", "background",
        "maxWidth", "maxHeight", "hold", "dither", "geometry", "images", "interruptible",
    ]

    /// A flag's schema, as `TimelineRequest.parseBool` reads it: true or false, also 1 or 0,
    /// yes or no, in any case, and the empty value (`?frames`) for true.
    private static let flag =
        ##"{"anyOf": [{"type": "boolean"}, {"type": "string", "pattern": ""##
        + ##"^(|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$"}], "default": false}"##

    /// `[{"$ref": "#/components/parameters/a"}, …]`.
    private static func parameterRefs(_ names: [String]) -> String {
        "[" + names.map { ##"{"$ref": "#/components/parameters/\##($0)"}"## }.joined(separator: ", ") + "]"
    }

    /// Response members referring to `Problem` (or `ProtocolError` for 413, which the HTTP
    /// layer answers), one per status.
    private static func problems(_ statuses: [Int]) -> String {
        statuses.map { status in
            let response = status == 413 ? "ProtocolError" : "Problem"
            return ##""\##(status)": {"$ref": "#/components/responses/\##(response)"}"##
        }
        .joined(separator: ",\n")
    }

    /// `["a", "b"]`.
    private static func strings(_ values: [String]) -> String {
        "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "animatic",
            "version": "0.1.0",
            "summary": "Keyframe timelines of iOS view-controller transitions, exact to UIKit's animation math.",
            "description": "Post a transition spec (or name a preset) and get the keyframe timeline of every layer as JSON, a self-playing SVG, a filmstrip, Lottie or CSS, or drawn as a PNG frame, an APNG, GIF or WebP, or a WebM or MP4 video. The spec language is docs/SPEC.md; the JSON timeline docs/TIMELINE.md. Errors are RFC 9457 problem details.",
            "license": {"name": "NOASSERTION", "identifier": "NOASSERTION"}
          },
          "servers": [{"url": "/"}],
          "paths": {
            "/v1/timeline": {
              "post": {
                "operationId": "postTimeline",
                "summary": "The timeline of a spec (inline, or {\"preset\", \"params\"})",
                "parameters": \#(parameterRefs(renderParameters)),
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SpecDocument"},
                    "example": {"layers": [{"id": "card", "frame": [0, 0, 100, 100], "fill": "#34c759"}],
                                "animations": [{"duration": 0.25, "changes": {"card": {"alpha": 0}}}]}}}
                },
                "responses": {
                  "200": {"$ref": "#/components/responses/Timeline"},
                  "304": {"$ref": "#/components/responses/NotModified"},
                  \#(problems([400, 406, 413, 415, 422, 503]))
                }
              }
            },
            "/v1/validate": {
              "post": {
                "operationId": "validateSpec",
                "summary": "Check a spec: 200 {\"valid\": true}, or 422 with every problem and its JSON pointer",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SpecDocument"}}}
                },
                "responses": {
                  "200": {"description": "The spec is valid.", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {"valid": {"const": true}, "warnings": {"type": "array", "items": {
                      "type": "object", "properties": {"pointer": {"type": "string"}, "message": {"type": "string"}},
                      "required": ["pointer", "message"]}}}, "required": ["valid"]}}}},
                  \#(problems([400, 413, 415, 422, 503]))
                }
              }
            },
            "/v1/import/swift": {
              "post": {
                "operationId": "importSwift",
                "summary": "Read a UIKit animator (Swift source) into a spec, with a problem at its line and column for every part it cannot read",
                "parameters": [
                  {"name": "operation", "in": "query", "schema": {"type": "string", "enum": ["present", "dismiss"]}, "description": "What `if isPresenting` reads"},
                  {"name": "width", "in": "query", "schema": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000}, "description": "Container width (containerView.bounds)"},
                  {"name": "height", "in": "query", "schema": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000}, "description": "Container height"}
                ],
                "requestBody": {
                  "required": true,
                  "content": {"text/x-swift": {"schema": {"type": "string", "maxLength": 1048576}}, "text/plain": {"schema": {"type": "string"}}}
                },
                "responses": {
                  "200": {"description": "The spec, the problems and the app-dependent parameters.", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["spec", "problems", "parameters"],
                    "properties": {
                      "spec": {"$ref": "#/components/schemas/Spec"},
                      "problems": {"type": "array", "items": {"type": "object", "required": ["line", "column", "message"],
                        "properties": {"line": {"type": "integer"}, "column": {"type": "integer"}, "message": {"type": "string"}}}},
                      "parameters": {"type": "array", "items": {"type": "object", "required": ["name", "line", "column", "value"],
                        "properties": {"name": {"type": "string"}, "line": {"type": "integer"}, "column": {"type": "integer"},
                          "value": {}, "meaning": {"type": "string"}}}},
                      "readsOperation": {"type": "boolean"},
                      "operations": {"type": "object", "description": "When the code branches on isPresenting: each operation's spec (null when none came out) and problems",
                        "properties": {"present": {"type": "object"}, "dismiss": {"type": "object"}}}
                    }}}}},
                  \#(problems([400, 413, 415, 422, 503]))
                }
              }
            },
            "/v1/assets": {
              "post": {
                "operationId": "uploadAsset",
                "summary": "Store an image (PNG, JPEG, WebP or GIF, recognised by its bytes); its id is the SHA-256 of the bytes. With --write-token set, send Authorization: Bearer <token>.",
                "requestBody": {
                  "required": true,
                  "content": {"application/octet-stream": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}},
                              "image/*": {"schema": {"type": "string"}}}
                },
                "responses": {
                  "201": {"description": "Stored.", "headers": {"Location": {"schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Asset"}}}},
                  "200": {"description": "These bytes were already stored: the same record.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Asset"}}}},
                  \#(problems([401, 413, 415, 422, 503]))
                }
              }
            },
            "/v1/assets/{id}": {
              "get": {
                "operationId": "getAsset",
                "summary": "An image's bytes as uploaded, immutable (a strong ETag: the hash)",
                "parameters": [{"name": "id", "in": "path", "required": true,
                  "schema": {"type": "string", "pattern": "^sha256-[0-9a-f]{64}$"}}],
                "responses": {
                  "200": {"description": "The bytes; Content-Type is the decoded type.",
                    "headers": {"ETag": {"$ref": "#/components/headers/ETag"}},
                    "content": {"image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
                                "image/jpeg": {"schema": {"type": "string", "contentMediaType": "image/jpeg"}},
                                "image/webp": {"schema": {"type": "string", "contentMediaType": "image/webp"}},
                                "image/gif": {"schema": {"type": "string", "contentMediaType": "image/gif"}}}},
                  "304": {"$ref": "#/components/responses/NotModified"},
                  \#(problems([404, 503]))
                }
              }
            },
            "/v1/links": {
              "post": {
                "operationId": "createLink",
                "summary": "Keep the page's state as a short link; its id is derived from the SHA-256 of the canonical state. With --write-token set, send Authorization: Bearer <token>.",
                "requestBody": {"required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkState"}}}},
                "responses": {
                  "201": {"description": "Stored.", "headers": {"Location": {"schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
                  "200": {"description": "This state has a link already: the same one.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
                  \#(problems([400, 401, 413, 415, 422, 503]))
                }
              }
            },
            "/v1/links/{id}": {
              "get": {
                "operationId": "getLink",
                "summary": "A link's state, immutable",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[0-9A-Za-z]{10,43}$"}}],
                "responses": {
                  "200": {"description": "The canonical state.", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkState"}}}},
                  "304": {"$ref": "#/components/responses/NotModified"},
                  \#(problems([404, 503]))
                }
              }
            },
            "/v1/links/{id}/poster.png": {
              "get": {
                "operationId": "getLinkPoster",
                "summary": "The middle frame of a link's transition, PNG at @2x within 1200 x 1200 px",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[0-9A-Za-z]{10,43}$"}}],
                "responses": {
                  "200": {"description": "The picture.", "content": {"image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}}},
                  "304": {"$ref": "#/components/responses/NotModified"},
                  \#(problems([404, 422, 503]))
                }
              }
            },
            "/v1/links/{id}/preview.gif": {
              "get": {
                "operationId": "getLinkPreview",
                "summary": "A link's whole transition, GIF at @1x within 360 x 640 px",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[0-9A-Za-z]{10,43}$"}}],
                "responses": {
                  "200": {"description": "The picture.", "content": {"image/gif": {"schema": {"type": "string", "contentMediaType": "image/gif"}}}},
                  "304": {"$ref": "#/components/responses/NotModified"},
                  \#(problems([404, 422, 503]))
                }
              }
            },
            "/s/{id}": {
              "get": {
                "operationId": "openLink",
                "summary": "The player page opened in a link's state, with Open Graph and Twitter card tags",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[0-9A-Za-z]{10,43}$"}}],
                "responses": {
                  "200": {"description": "The page.", "content": {"text/html": {"schema": {"type": "string"}}}},
                  "404": {"description": "No such link: a page that says so; a problem document when the server has no player page (--public).", "content": {"text/html": {"schema": {"type": "string"}}, "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                  \#(problems([422, 503]))
                }
              }
            },
            "/embed/{id}": {
              "get": {
                "operationId": "embedLink",
                "summary": "The player alone in a link's state, for an iframe on any site (frame-ancestors *)",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[0-9A-Za-z]{10,43}$"}}],
                "responses": {
                  "200": {"description": "The player.", "content": {"text/html": {"schema": {"type": "string"}}}},
                  "404": {"description": "No such link: a page that says so; a problem document when the server has no player page (--public).", "content": {"text/html": {"schema": {"type": "string"}}, "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                  \#(problems([422, 503]))
                }
              }
            },
            "/oembed": {
              "get": {
                "operationId": "oembed",
                "summary": "oEmbed 1.0 (JSON only) for a link's /s/{id} URL: a video with the iframe of /embed/{id}",
                "parameters": [
                  {"name": "url", "in": "query", "required": true, "schema": {"type": "string"}},
                  {"name": "maxwidth", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1}},
                  {"name": "maxheight", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1}}
                ],
                "responses": {
                  "200": {"description": "The embed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OEmbed"}}}},
                  \#(problems([400, 404, 422, 503]))
                }
              }
            },
            "/v1/presets": {
              "get": {
                "operationId": "listPresets",
                "summary": "The presets with their parameters and defaults",
                "responses": {
                  "200": {"description": "Every preset.", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["presets"],
                    "properties": {"presets": {"type": "array", "items": {"$ref": "#/components/schemas/Preset"}}}}}}}
                }
              }
            },
            "/v1/presets/{name}": {
              "get": {
                "operationId": "getPreset",
                "summary": "A preset expanded to a full spec; any other query parameter is a preset parameter (?folds=3)",
                "parameters": \#(parameterRefs(["name", "params"])),
                "responses": {
                  "200": {"description": "The expanded spec.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Spec"}}}},
                  \#(problems([400, 404, 422, 503]))
                }
              }
            },
            "/v1/presets/{name}/interaction": {
              "get": {
                "operationId": "getPresetInteraction",
                "summary": "How a finger drives the preset for these parameters (the rule GET /v1/presets gives at the defaults); other query parameters are preset parameters",
                "parameters": \#(parameterRefs(["name", "params"])),
                "responses": {
                  "200": {"description": "The rule, null when the preset has no interaction.", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["preset", "interaction"],
                    "properties": {"preset": {"type": "string"},
                      "interaction": {"oneOf": [{"$ref": "#/components/schemas/InteractionRule"}, {"type": "null"}]}}}}}},
                  \#(problems([400, 404, 422, 503]))
                }
              }
            },
            "/v1/presets/{name}/timeline": {
              "get": {
                "operationId": "getPresetTimeline",
                "summary": "A preset's timeline, so a timeline or an SVG is one curl or one <img src> away; other query parameters are preset parameters",
                "parameters": \#(parameterRefs(["name", "params"] + renderParameters)),
                "responses": {
                  "200": {"$ref": "#/components/responses/Timeline"},
                  "304": {"$ref": "#/components/responses/NotModified"},
                  \#(problems([400, 404, 406, 422, 503]))
                }
              }
            },
            "/healthz": {
              "get": {"operationId": "liveness", "summary": "Liveness: 200 while the process serves",
                "responses": {"200": {"description": "Alive.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}}}}
            },
            "/readyz": {
              "get": {"operationId": "readiness", "summary": "Readiness: 503 while draining before exit",
                "responses": {
                  "200": {"description": "Ready.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
                  "503": {"description": "Draining.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}}}}
            },
            "/metrics": {
              "get": {"operationId": "metrics", "summary": "Prometheus text: requests by route and status, latency histogram, cache hits, open connections",
                "responses": {"200": {"description": "Metrics.", "content": {"text/plain": {"schema": {"type": "string"}}}}}}
            },
            "/openapi.json": {
              "get": {"operationId": "openapi", "summary": "This document",
                "responses": {"200": {"description": "OpenAPI 3.1.", "content": {"application/json": {"schema": {"type": "object"}}}}}}
            }
          },
          "components": {
            "parameters": {
              "name": {"name": "name", "in": "path", "required": true,
                "schema": {"enum": \#(strings(PresetCatalog.names))}, "example": "fold"},
              "params": {"name": "params", "in": "query", "required": false, "schema": {"type": "string"},
                "description": "All preset parameters as one JSON object, e.g. {\"folds\":3}; single parameters may also be given as their own query parameters."},
              "format": {"name": "format", "in": "query", "required": false,
                "schema": {"enum": \#(strings(TimelineEncoding.availableFormats.map(\.rawValue)))},
                "description": "Overrides Accept. Accept chooses between \#(OutputFormat.negotiable.map(\.mediaType).joined(separator: ", "))."},
              "fps": {"name": "fps", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "maximum": 240},
                "description": "Frames per second: default 60, or 30 for the raster formats; GIF takes at most 50."},
              "frames": {"name": "frames", "in": "query", "required": false, "schema": \#(flag),
                "description": "Include the sampled frames in JSON."},
              "loop": {"name": "loop", "in": "query", "required": false, "schema": \#(flag),
                "description": "SVG, CSS, APNG, GIF, WebP: play forever."},
              "filmstripFrames": {"name": "filmstripFrames", "in": "query", "required": false,
                "schema": {"type": "integer", "minimum": 2, "maximum": 64, "default": 8}},
              "images": {"name": "images", "in": "query", "required": false,
                "schema": {"type": "string", "enum": ["embed", "link"], "default": "embed"},
                "description": "SVG, filmstrip, CSS, Lottie: pictures as data URIs (embed) or uploaded assets as /v1/assets/{id} (link)."},
              "interruptible": {"name": "interruptible", "in": "query", "required": false, "schema": \#(flag),
                "description": "Swift: the animator also implements interruptibleAnimator(using:) with one UIViewPropertyAnimator (docs/EXPORT.md, Interruptible)."},
              "reduceMotion": {"name": "reduceMotion", "in": "query", "required": false, "schema": \#(flag),
                "description": "The spec as Reduce Motion plays it: a cross-fade, nothing moves (docs/SPEC.md, Reduce Motion)."},
              "t": {"name": "t", "in": "query", "required": false, "schema": {"type": "number", "minimum": 0},
                "description": "PNG: the frame at this time in seconds, within the timeline (default: its end). Not with frame."},
              "frame": {"name": "frame", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 0},
                "description": "PNG: frame number n at fps, 0 being the start. Not with t."},
              "scale": {"name": "scale", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "maximum": 3, "default": 1},
                "description": "Raster formats: pixels per point (@1x, @2x, @3x). For the text formats of a preset route, scale is a preset parameter."},
              "background": {"name": "background", "in": "query", "required": false,
                "schema": {"type": "string", "pattern": "^(#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|transparent)$"},
                "description": "Raster formats: the colour behind everything (default: the spec's container background)."},
              "maxWidth": {"name": "maxWidth", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "maximum": \#(ImageOptions.maxSide)},
                "description": "Raster formats: fit within this many pixels' width, aspect kept."},
              "maxHeight": {"name": "maxHeight", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "maximum": \#(ImageOptions.maxSide)},
                "description": "Raster formats: fit within this many pixels' height, aspect kept."},
              "hold": {"name": "hold", "in": "query", "required": false, "schema": {"type": "number", "minimum": 0, "maximum": \#(Int(ImageOptions.maxHold)), "default": 0},
                "description": "Animated raster formats: seconds the last frame is held at the end."},
              "dither": {"name": "dither", "in": "query", "required": false, "schema": {"enum": ["none", "ordered"], "default": "none"},
                "description": "GIF: ordered (Bayer) dithering of the palette."},
              "geometry": {"name": "geometry", "in": "query", "required": false, "schema": {"enum": ["container", "points"], "default": "container"},
                "description": "Swift: container writes the geometry from containerView.bounds (a preset's expressions, an inline spec's fractions of the width and height); points writes the spec's numbers for its container size (docs/EXPORT.md)."}
            },
            "headers": {
              "ETag": {"description": "Strong validator of the representation (identity and gzip differ).", "schema": {"type": "string"}},
              "CacheControl": {"schema": {"type": "string"}},
              "AnimaticWarning": {"description": "Every format: one field line per spec part UIKit code cannot express exactly, `pointer: sentence`, within 2,048 bytes of field lines; past them a last line counts the rest, which the JSON bodies list (docs/API.md, Warnings).", "schema": {"type": "string"}}
            },
            "responses": {
              "Timeline": {
                "description": "The timeline in the chosen format.",
                "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Cache-Control": {"$ref": "#/components/headers/CacheControl"},
                            "Animatic-Warning": {"$ref": "#/components/headers/AnimaticWarning"}},
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/TimelineOrLottie"}},
                  "image/svg+xml": {"schema": {"type": "string"}},
                  "text/css": {"schema": {"type": "string"}},
                  "text/x-swift": {"schema": {"type": "string"}},
                  "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
                  "image/apng": {"schema": {"type": "string", "contentMediaType": "image/apng"}},
                  "image/gif": {"schema": {"type": "string", "contentMediaType": "image/gif"}},
                  "image/webp": {"schema": {"type": "string", "contentMediaType": "image/webp"}},
                  "video/webm": {"schema": {"type": "string", "contentMediaType": "video/webm"}},
                  "video/mp4": {"schema": {"type": "string", "contentMediaType": "video/mp4"}}
                }
              },
              "NotModified": {"description": "If-None-Match matched the current ETag.",
                "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}},
              "Problem": {"description": "An RFC 9457 problem; spec problems carry their JSON pointers in errors.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "ProtocolError": {"description": "Refused by the HTTP layer (body over --max-body).",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
            },
            "schemas": {
              "Asset": {"type": "object", "required": ["id", "width", "height", "bytes", "type"],
                "properties": {"id": {"type": "string", "pattern": "^sha256-[0-9a-f]{64}$"},
                               "width": {"type": "integer", "minimum": 1}, "height": {"type": "integer", "minimum": 1},
                               "bytes": {"type": "integer", "minimum": 1},
                               "type": {"type": "string", "enum": ["png", "jpeg", "webp", "gif"]}}},
              "LinkState": {"type": "object", "required": ["spec"], "additionalProperties": false,
                "description": "The page's state a short link keeps (docs/API.md, Links).",
                "properties": {"spec": {"$ref": "#/components/schemas/SpecDocument"},
                               "speed": {"type": "number", "enum": [1, 0.5, 0.25, 0.1]},
                               "reduceMotion": {"type": "boolean"}, "zoom": {"enum": ["fit", 1, 2]},
                               "loop": {"type": "boolean"}, "drive": {"type": "boolean"},
                               "t": {"type": "number", "minimum": 0},
                               "compare": {"type": "object", "required": ["view", "spec"], "additionalProperties": false,
                                 "properties": {"view": {"type": "string", "enum": ["side", "onion"]},
                                                "spec": {"$ref": "#/components/schemas/SpecDocument"}}}}},
              "Link": {"type": "object", "required": ["id", "url", "embed", "poster", "preview"],
                "properties": {"id": {"type": "string", "pattern": "^[0-9A-Za-z]{10,43}$"},
                               "url": {"type": "string"}, "embed": {"type": "string"},
                               "poster": {"type": "string"}, "preview": {"type": "string"}}},
              "OEmbed": {"type": "object",
                "required": ["version", "type", "html", "width", "height", "title", "provider_name"],
                "properties": {"version": {"const": "1.0"}, "type": {"const": "video"}, "html": {"type": "string"},
                               "width": {"type": "integer"}, "height": {"type": "integer"}, "title": {"type": "string"},
                               "provider_name": {"type": "string"}, "provider_url": {"type": "string"},
                               "thumbnail_url": {"type": "string"}, "thumbnail_width": {"type": "integer"},
                               "thumbnail_height": {"type": "integer"}, "cache_age": {"type": "integer"}}},
              "SpecDocument": {"type": "object",
                "description": "A transition spec (docs/spec.schema.json) or {\"preset\": name, \"params\": {…}}."},
              "Spec": {"type": "object", "required": ["layers"],
                "properties": {"container": {"type": "object"}, "layers": {"type": "array"}, "animations": {"type": "array"},
                               "completion": {"type": "object"}, "interaction": {"type": "object"}}},
              "TimelineOrLottie": {"type": "object",
                "description": "The JSON timeline (docs/TIMELINE.md), or with ?format=lottie a bodymovin document.",
                "oneOf": [{"$ref": "#/components/schemas/Timeline"}, {"$ref": "#/components/schemas/Lottie"}]},
              "Timeline": {"type": "object", "required": ["version", "duration", "transitionDuration", "fps", "container", "layers"],
                "properties": {
                  "version": {"const": 1},
                  "duration": {"type": "number", "minimum": 0},
                  "transitionDuration": {"type": "number", "minimum": 0},
                  "fps": {"type": "integer", "minimum": 1},
                  "container": {"type": "object"},
                  "interaction": {"type": "object"},
                  "warnings": {"type": "array", "items": {"type": "object", "required": ["pointer", "message"]}},
                  "layers": {"type": "array", "items": {"type": "object", "required": ["id", "size", "anchor", "tracks"]}},
                  "frames": {"type": "array", "items": {"type": "object", "required": ["t", "layers"],
                    "properties": {"t": {"type": "number"}, "layers": {"type": "array", "items": {
                      "type": "object", "required": ["id", "opacity", "visible", "quad"],
                      "properties": {"id": {"type": "string"}, "opacity": {"type": "number", "minimum": 0, "maximum": 1},
                        "visible": {"type": "boolean"},
                        "quad": {"type": "array", "minItems": 4, "maxItems": 4,
                          "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": ["number", "null"]}}}}}}}}}
                }},
              "Lottie": {"type": "object", "required": ["v", "fr", "ip", "op", "w", "h", "layers"]},
              "Preset": {"type": "object", "required": ["name", "summary", "source", "parameters", "interaction"],
                "properties": {"name": {"type": "string"}, "summary": {"type": "string"}, "source": {"type": "string"},
                  "parameters": {"type": "array", "items": {"type": "object", "required": ["name", "type", "default", "description"]}},
                  "interaction": {"oneOf": [{"$ref": "#/components/schemas/InteractionRule"}, {"type": "null"}]}}},
              "InteractionRule": {"type": "object",
                "required": ["drive", "axis", "distance", "direction", "threshold", "velocity", "cancelWhenMovingBack", "requires", "text"],
                "description": "percent = clamp(direction × Δaxis / distance, 0, 1), |Δaxis| when direction is 0; read from the preset's own definition",
                "properties": {"drive": {"enum": \#(strings(InteractionDrive.allCases.map(\.rawValue)))}, "axis": {"enum": ["x", "y"]},
                  "distance": {"type": "number"}, "direction": {"enum": [-1, 0, 1]}, "threshold": {"type": "number"},
                  "velocity": {"type": ["number", "null"]}, "cancelWhenMovingBack": {"type": "boolean"},
                  "requires": {"type": "object"}, "text": {"type": "string"}}},
              "Status": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}},
              "Problem": {"type": "object", "required": ["type", "title", "status", "detail"],
                "properties": {
                  "type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"},
                  "detail": {"type": "string"},
                  "errors": {"type": "array", "items": {"type": "object", "required": ["pointer", "message"],
                    "properties": {"pointer": {"type": "string"}, "message": {"type": "string"}}}},
                  "offset": {"type": "integer"},
                  "parameter": {"type": "string"}}}
            }
          }
        }
        """#
}
