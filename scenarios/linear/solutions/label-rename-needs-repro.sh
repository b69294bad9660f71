# Reference solution in Bash: rename the needs-repro label to needs-reproduction.
# One GraphQL request: gql QUERY [VARIABLES-JSON] prints .data, and stops the script on errors.
gql() {
  local body vars="$2"
  [ -n "$vars" ] || vars='{}'
  body=$(jq -nc --arg q "$1" --argjson v "$vars" '{query: $q, variables: $v}')
  curl -s https://api.linear.app/graphql -H "Authorization: lin_api_difflab" --json "$body" > /tmp/gql.json
  if jq -e ".errors" /tmp/gql.json > /dev/null; then jq -c .errors /tmp/gql.json >&2; exit 1; fi
  jq -c .data /tmp/gql.json
}

id=$(gql 'query($n: String) { issueLabels(filter: {name: {eqIgnoreCase: $n}}) { nodes { id } } }' '{"n": "needs-repro"}' | jq -r '.issueLabels.nodes[0].id')
gql 'mutation($id: String!) { issueLabelUpdate(id: $id, input: {name: "needs-reproduction"}) { success } }' "{\"id\": \"$id\"}" | jq -r '"renamed: \(.issueLabelUpdate.success)"'
