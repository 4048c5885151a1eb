"""What `jax-lsp serve` does up to the first document, for the probes of the early-front tests
(`test_early`, `test_early_cache`, `test_early_hold`), each run in a fresh interpreter.

`DRIVE_FRONT` is Python source that expects `json`, `os`, `sys`, `EarlyLint` and `StdinFront`
imported and `root, uri, text, capabilities` on stdin (JSON). It starts the stdin front over
pipes standing in for the client's, prepares the early lint and writes `initialize`,
`initialized` and a `didOpen` of `text`; the probe then waits on `early` as its test needs.
Names it leaves bound: `early`, `front`, `client`, `read_out`, `frame`.
"""

DRIVE_FRONT = r'''root, uri, text, capabilities = json.load(sys.stdin)
read_in, write_in = os.pipe()
read_out, write_out = os.pipe()
early = EarlyLint()
front = StdinFront(os.fdopen(read_in, "rb"), os.fdopen(write_out, "wb"), early=early)
early.prepare()

def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

client = os.fdopen(write_in, "wb")
client.write(
    frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": None, "rootUri": root, "capabilities": capabilities}})
    + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    + frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": text}}}))
client.flush()
'''
