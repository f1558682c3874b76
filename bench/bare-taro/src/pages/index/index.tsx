import { View, Text } from '@tarojs/components'

export default function Index() {
  return (
    <View>
      <Text>Hello world!</Text>
    </View>
  )
}
