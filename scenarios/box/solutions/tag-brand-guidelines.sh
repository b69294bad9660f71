# Reference solution in Bash: tag the 2026 brand guidelines approved and brand, keeping their tags.
A="Authorization: Bearer difflab"
API=https://api.box.com/2.0

curl -sf -G "$API/search" -H "$A" -d query=brand_guidelines_2026 -d type=file -d fields=name,tags -d limit=200 | jq -c '.entries[0]' > /tmp/file.json
id=$(jq -r .id /tmp/file.json)
body=$(jq -c '{tags: ((.tags + ["approved", "brand"]) | unique)}' /tmp/file.json)
curl -sf -X PUT "$API/files/$id" -H "$A" --json "$body" | jq -r '"tagged \(.name)"'
