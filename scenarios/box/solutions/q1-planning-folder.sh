# Reference solution in Bash: create a Q1 2026 planning folder in Finance.
A="Authorization: Bearer difflab"
API=https://api.box.com/2.0

# Every item of a folder, one JSON object a line, following Box's offset pagination.
items() {
  local offset=0 total count
  while :; do
    page=$(curl -sf "$API/folders/$1/items?limit=1000&offset=$offset&fields=name" -H "$A")
    echo "$page" | jq -c '.entries[]'
    total=$(echo "$page" | jq '.total_count')
    count=$(echo "$page" | jq '.entries | length')
    offset=$((offset + count))
    [ "$count" -gt 0 ] && [ "$offset" -lt "$total" ] || break
  done
}

# The id of a folder by its path from the root: folder_at Finance Reports
folder_at() {
  local id=0 name
  for name in "$@"; do
    id=$(items "$id" | jq -r --arg n "$name" "select(.type == \"folder\" and .name == \$n) | .id" | head -1)
    [ -n "$id" ] || { echo "no folder $name" >&2; return 1; }
  done
  echo "$id"
}

finance=$(folder_at Finance)
curl -sf -X POST "$API/folders" -H "$A" --json "$(jq -n --arg p "$finance" '{name: "Q1 2026 Planning", parent: {id: $p}}')" | jq -r '"created \(.name) (\(.id)) in \(.parent.name)"'
