# devgames for a remote workshop: `devgames serve` behind an HTTPS proxy on the host (Debian's
# Caddy, configured by `devgames caddyfile`). How to run it: docs/remote.md.
#
#   docker build -t devgames .
#   docker run -d --name devgames --init --restart unless-stopped -v devgames-data:/data \
#     -e DEVGAMES_PUBLIC_URL=https://games.example.org/acme -e DEVGAMES_PASSWORD \
#     -e DEVGAMES_TRUSTED_PROXY=172.17.0.1 \
#     -p 127.0.0.1:8866:8866 -p 127.0.0.1:8867:8867 devgames
#
# The public address and the facilitator's password come from the environment, never from
# this file. Without a password, `docker logs devgames` shows a one-time login link.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The package with the ranges of pyproject.toml. The message catalogues are compiled first, as
# binder/postBuild does: the .mo files are not in the repository, and the package carries them.
WORKDIR /tmp/devgames-src
COPY . .
RUN pip install --no-cache-dir "babel>=2.14,<3" \
    && pybabel compile -D devgames -d devgames/locale \
    && pip install --no-cache-dir . \
    && cd / && rm -rf /tmp/devgames-src

# A user of its own, owning the sessions' folder (a new named volume takes this ownership).
RUN useradd --create-home --uid 10001 --user-group --shell /usr/sbin/nologin devgames \
    && mkdir /data && chown devgames:devgames /data
USER devgames
WORKDIR /home/devgames

VOLUME /data
ENV DEVGAMES_DB=/data/devgames.sqlite \
    DEVGAMES_LISTEN=0.0.0.0

# The facilitator app, and the devices' server on the next port.
EXPOSE 8866 8867

# The server answers a small page that starts no kernel: behind a public address, everything
# under its path but the login page needs the facilitator's cookie, so the login page it is.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.parse, urllib.request; url = os.environ.get('DEVGAMES_PUBLIC_URL', '').strip(); path = urllib.parse.urlsplit(url).path.rstrip('/') + '/login' if url else '/voila/static/materialcolors.css'; urllib.request.urlopen('http://127.0.0.1:8866' + path, timeout=8).close()"]

CMD ["devgames", "serve", "--no-browser"]
