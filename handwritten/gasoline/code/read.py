"""code_read: a file's lines, with what a model needs to edit it safely: its outline, its git
status and a hash of the lines read (an edit can expect them there)."""

from __future__ import annotations

from gasoline.contract import CallContext
from gasoline.core.errors import bad_argument
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import InteractCodeReadParams, InteractCodeReadResult

from .git import status_started
from .languages import language_of
from .outline import outline
from .text_file import lines_hash, read_text


def read(ctx: CallContext, repository: Workspace, params: InteractCodeReadParams) -> InteractCodeReadResult:
    path = repository.file(ctx, params.file_path)
    relative = repository.relative(path)
    text = read_text(ctx, path, params.file_path)
    total = len(text.lines)
    start, end = 1, total
    if isinstance(params.line_range, list):
        start, end = params.line_range[0].root, params.line_range[1].root
        if start > end or start > max(total, 1):
            raise bad_argument(
                ctx.entry, "line_range", f"lines {start}-{end} is not a range of the file's {total} lines"
            )
        end = min(end, total)
    content = text.text_of(start, end)
    status = status_started(repository.root, relative)  # git works while the file is parsed
    symbols = outline(path.suffix, text.raw)
    return InteractCodeReadResult(
        path=relative,
        language=language_of(path),
        content=content,
        start_line=start,
        end_line=end,
        total_lines=total,
        size_bytes=len(text.raw),
        git_status=status(),
        content_hash=lines_hash(content),
        outline=symbols,
    )
