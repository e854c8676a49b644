"""A mode's text form: the generated result model it reads, and how it reads it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from .common import Structured, generic

R = TypeVar("R", bound=BaseModel)
Render = Callable[[R, float], str]  # the result, and the time its relative times count back from


@dataclass(frozen=True)
class Form(Generic[R]):
    model: type[R]
    render: Render[R]

    def text(self, structured: Structured, result: BaseModel | None, now: float) -> str:
        """The text of a result: read from its model when the caller has it, else from the
        structured result, validated once (a redacted one, which the handler's model no longer
        tells). A redactor's mask can break a field's type or pattern: such a result reads in the
        generic form, which shows every field as it is."""
        if isinstance(result, self.model):
            return self.render(result, now)
        try:
            validated = self.model.model_validate(structured)
        except ValidationError:
            return generic(structured)
        return self.render(validated, now)


def form(model: type[R], render: Render[R]) -> Form[Any]:
    """The form of `model`'s results; the type checker proves that `render` reads that model."""
    return Form(model, render)
