"""The languages code tools name: ripgrep's file type for each, and the file name endings that say it."""

from __future__ import annotations

from pathlib import PurePath

# name -> (ripgrep's --type, the endings of its files)
LANGUAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "typescript": ("ts", (".ts", ".tsx", ".mts", ".cts")),
    "javascript": ("js", (".js", ".jsx", ".mjs", ".cjs")),
    "python": ("py", (".py", ".pyi")),
    "go": ("go", (".go",)),
    "rust": ("rust", (".rs",)),
    "java": ("java", (".java",)),
    "kotlin": ("kotlin", (".kt", ".kts")),
    "csharp": ("csharp", (".cs",)),
    "c": ("c", (".c", ".h")),
    "cpp": ("cpp", (".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx")),
    "ruby": ("ruby", (".rb",)),
    "php": ("php", (".php",)),
    "swift": ("swift", (".swift",)),
    "shell": ("sh", (".sh", ".bash", ".zsh")),
    "sql": ("sql", (".sql",)),
    "html": ("html", (".html", ".htm")),
    "css": ("css", (".css", ".scss")),
    "vue": ("vue", (".vue",)),
    "svelte": ("svelte", (".svelte",)),
    "json": ("json", (".json",)),
    "yaml": ("yaml", (".yaml", ".yml")),
    "toml": ("toml", (".toml",)),
    "markdown": ("md", (".md", ".markdown")),
}
BY_ENDING = {ending: name for name, (_, endings) in LANGUAGES.items() for ending in endings}


def language_of(path: PurePath) -> str:
    """A file's language by its name's ending; "text" for any other."""
    return BY_ENDING.get(path.suffix.lower(), "text")
