"""The server process: its start before the heavy imports (`command`, `front`, `early`,
`spawn`), its connection (`framing`, `protocol`, `transport`), its errors, and the
analysis processes it drives (`analysis_process`, `cached_results`, `collection`).
"""
