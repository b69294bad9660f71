# DiffLab's CLI as an image: `docker run difflab <command>` is `difflab <command>`.
# Build it from the repository (the context is only .pack/, see .dockerignore):
#   npm run pack:app && docker build -t difflab .
# The image installs the packed CLI with the dependency versions of the repository's lock (.pack/package-lock.json).
FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /opt/difflab
COPY .pack/ ./
RUN npm ci --omit=dev --no-audit --no-fund
ENV PATH=/opt/difflab/node_modules/.bin:$PATH
# eval --out-dir defaults to $DIFFLAB_OUT_DIR: mount a volume here for the shards' results.
ENV DIFFLAB_OUT_DIR=/results
WORKDIR /results
ENTRYPOINT ["difflab"]
CMD ["--help"]
