"""Backend control: the project's services driven through their /.gasoline/control endpoint."""
