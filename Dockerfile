# The shop in one image: the built API serving the built web app. Not built or tested here (this
# workplace has no Docker engine); see README, "Containers".
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
# The first-start database image is in dist/db-image; its build cache is not needed at run time.
RUN npm run build && npm prune --omit=dev && rm -rf node_modules/.cache

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8000 HOST=0.0.0.0 DATA_DIR=/data
COPY --from=build /app /app
# The app runs as `node`, so its data folder must be its own.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 8000
USER node
CMD ["node", "apps/api/dist/main.js"]
