# Reference solution in Bash: a scratch folder in the root named after me.
A="Authorization: Bearer difflab"
API=https://api.box.com/2.0

name=$(curl -sf "$API/users/me" -H "$A" | jq -r .name)
curl -sf -X POST "$API/folders" -H "$A" --json "$(jq -n --arg n "$name - Scratch" '{name: $n, parent: {id: "0"}}')" | jq -r '"created \(.name)"'
