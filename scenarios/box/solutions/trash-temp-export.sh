# Reference solution in Bash: move the temporary export to the trash.
A="Authorization: Bearer difflab"
API=https://api.box.com/2.0

id=$(curl -sf -G "$API/search" -H "$A" -d query=DELETE_ME -d type=file -d limit=200 | jq -r '.entries[0].id')
code=$(curl -s -o /dev/null -w '%{http_code}' -X DELETE "$API/files/$id" -H "$A")
[ "$code" = 204 ] || { echo "DELETE answered $code" >&2; exit 1; }
echo "trashed file $id"
