"""What the CLI and the language server share about a project: its configuration (`config`,
`globs`), its files (`discovery`, `gitignore`), its result cache (`cache`, `provenance`)
and whether its own Python may run (`trust`). Imports nothing here: each module is
imported where it is used, so the server's start-up imports no more than before.
"""
