"""What the tests and benchmarks share: a folder served on 127.0.0.1, headless Chromium, a JupyterLab of their own."""
