"""The score pad: ``skullking serve``, a web page for keeping score at the table under
any bundled edition or house rule, with a trick checker, stored in SQLite.

It needs the optional ``web`` extra (``pip install 'skullking-rules[web]'``):
Starlette and uvicorn serve it, Jinja2 renders its pages, markdown-it-py renders an
edition's rules.
"""
