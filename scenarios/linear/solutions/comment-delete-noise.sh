# Reference solution in Bash: delete the noise comment on PAY-1.
# One GraphQL request: gql QUERY [VARIABLES-JSON] prints .data, and stops the script on errors.
gql() {
  local body vars="$2"
  [ -n "$vars" ] || vars='{}'
  body=$(jq -nc --arg q "$1" --argjson v "$vars" '{query: $q, variables: $v}')
  curl -s https://api.linear.app/graphql -H "Authorization: lin_api_difflab" --json "$body" > /tmp/gql.json
  if jq -e ".errors" /tmp/gql.json > /dev/null; then jq -c .errors /tmp/gql.json >&2; exit 1; fi
  jq -c .data /tmp/gql.json
}

id=$(gql '{ issue(id: "PAY-1") { comments { nodes { id body } } } }' | jq -r '.issue.comments.nodes[] | select(.body | startswith("Workaround deployed")) | .id' | head -1)
gql 'mutation($id: String!) { commentDelete(id: $id) { success } }' "$(jq -nc --arg id "$id" '{id: $id}')" | jq -r '"deleted: \(.commentDelete.success)"'
