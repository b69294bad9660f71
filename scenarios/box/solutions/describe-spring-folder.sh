# Reference solution in Bash: describe the Spring 2026 campaign folder.
A="Authorization: Bearer difflab"
API=https://api.box.com/2.0

id=$(curl -sf -G "$API/search" -H "$A" --data-urlencode 'query=Spring 2026' -d type=folder -d limit=200 \
  | jq -r '.entries[] | select(.name == "Spring 2026") | .id' | head -1)
curl -sf -X PUT "$API/folders/$id" -H "$A" --json '{"description": "Go Further campaign assets - launch March 2026"}' | jq -r '"\(.name): \(.description)"'
