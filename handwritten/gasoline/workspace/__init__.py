"""The repositories the daemon serves: each one's root, its .gasoline/config.yaml and the records it keeps."""
